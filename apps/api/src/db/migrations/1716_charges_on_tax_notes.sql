-- Charges after a return (late hours, fuel, cleaning) are services the customer pays for: a booking
-- whose full tax invoice was issued before they were charged gets a debit note for them (decision 1801).
ALTER TABLE tax_notes DROP CONSTRAINT tax_notes_reason_check;
ALTER TABLE tax_notes ADD CONSTRAINT tax_notes_reason_check CHECK (reason IN ('cancelled', 'changed', 'charges'));
