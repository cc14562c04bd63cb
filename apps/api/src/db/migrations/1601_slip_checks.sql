-- Automatic slip checks (issue 16). A slip's QR code names one bank transfer
-- (its sending bank and transaction reference, `qr_ref`): the unique index
-- refuses the same transfer for a second booking, whichever instance takes it.
-- `check_result` says what the automatic check found; a slip not 'verified'
-- waits for staff with that reason. The amount and time are the bank's, as
-- the slip-verification provider reported them.
ALTER TABLE payment_slips ADD COLUMN qr_ref text;
ALTER TABLE payment_slips ADD COLUMN check_result text CHECK (check_result IN (
  'verified',            -- the bank confirmed the amount, our account and the time: booking confirmed
  'pdf_not_read',        -- a PDF slip: its QR code is not read, staff look
  'other_qr',            -- a slip-like QR code not in the banks' layout (e.g. a wallet's)
  'no_provider',         -- no slip-verification provider is configured
  'provider_unavailable',-- the provider did not answer in time, or refused our key
  'not_found',           -- the bank knows no such transfer
  'amount_mismatch',     -- the transfer's amount is not the booking's total
  'account_mismatch',    -- the money went to another account
  'date_mismatch'        -- the transfer is older than the booking, or in the future
));
ALTER TABLE payment_slips ADD COLUMN slip_amount numeric(12,2);
ALTER TABLE payment_slips ADD COLUMN slip_paid_at timestamptz;
CREATE UNIQUE INDEX payment_slips_qr_ref_key ON payment_slips (qr_ref) WHERE qr_ref IS NOT NULL;

-- slip-checks.ts has taken WebP pictures since issue 13; the column refused them.
ALTER TABLE payment_slips DROP CONSTRAINT payment_slips_content_type_check;
ALTER TABLE payment_slips ADD CONSTRAINT payment_slips_content_type_check
  CHECK (content_type IN ('image/jpeg','image/png','image/webp','application/pdf'));
