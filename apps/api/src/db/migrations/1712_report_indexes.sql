-- Reports for the owner (issue 18, part 6; docs/decisions/1805) read bookings by their pickup day
-- and the slips still waiting for staff, oldest first.
CREATE INDEX bookings_pickup_date_idx ON bookings (pickup_date);
CREATE INDEX payment_slips_pending_idx ON payment_slips (created_at) WHERE status = 'pending';
-- The output-tax report lists the invoices issued in a range of days.
CREATE INDEX tax_invoices_issued_idx ON tax_invoices (issued_at);
