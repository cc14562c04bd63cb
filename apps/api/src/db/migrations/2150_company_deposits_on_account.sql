-- A company's deposits billed to the company (issue 36 part 6, docs/decisions/3612, 3662): with the
-- account's setting, a booking on it is made with its deposit `on_account`: nothing is taken from the
-- employee at the counter (the deposit counts as held from the booking on), and what staff keep at the
-- return (late hours, fuel, cleaning, damage) goes on the company's monthly invoice, or on a debit note
-- against it when that month's invoice was issued already.
ALTER TABLE companies ADD COLUMN deposits_on_account boolean NOT NULL DEFAULT false;
ALTER TABLE bookings DROP CONSTRAINT bookings_deposit_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_deposit_method_check
  CHECK (deposit_method IN ('card','cash','promptpay','on_account'));
