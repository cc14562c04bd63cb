-- Out-of-hours pickup and return per branch (issue 36 part 2, decision 3602). A branch hands cars
-- over while open (opens_at-closes_at) and, when staff set a band, also from out_of_hours_opens_at to
-- out_of_hours_closes_at (around the opening hours; 00:00-23:30 is 24/7) for out_of_hours_fee baht
-- per hand-over outside the opening hours. NULL band: refused out of hours, as before.
ALTER TABLE branches
  ADD COLUMN out_of_hours_opens_at time,
  ADD COLUMN out_of_hours_closes_at time,
  ADD COLUMN out_of_hours_fee numeric(10, 2) NOT NULL DEFAULT 0 CHECK (out_of_hours_fee >= 0),
  ADD CONSTRAINT branches_out_of_hours_band CHECK (
    (out_of_hours_opens_at IS NULL) = (out_of_hours_closes_at IS NULL)
    AND (out_of_hours_opens_at IS NULL OR (out_of_hours_opens_at <= opens_at AND out_of_hours_closes_at >= closes_at))
  );

-- What the booking pays for hand-overs out of hours (baht, in its total), and the flight the customer
-- arrives on at an airport branch (shown to staff).
ALTER TABLE bookings
  ADD COLUMN out_of_hours_fee numeric(10, 2) NOT NULL DEFAULT 0,
  ADD COLUMN flight_number text;

-- The demo's airport branches hand over until midnight for a fee (contract rental-rules.ts
-- airportOutOfHours: the same figures the seed writes on a new database).
UPDATE branches SET out_of_hours_opens_at = opens_at, out_of_hours_closes_at = '23:30', out_of_hours_fee = 300
  WHERE is_airport;
