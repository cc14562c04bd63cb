-- Drivers (issue 17, part 5): who may drive a category's cars (admins set it per category: 21 or
-- older with a licence held a year, as the market asks; more for vans and luxury cars), and every
-- driver of a booking with their licence (the main driver at position 0, up to two more, free).
-- The main driver's contact details stay on the booking; this table holds only what a counter
-- checks, and an account's erasure deletes its rows.
ALTER TABLE categories ADD COLUMN min_driver_age integer NOT NULL DEFAULT 21
  CHECK (min_driver_age BETWEEN 18 AND 99);
ALTER TABLE categories ADD COLUMN max_driver_age integer
  CHECK (max_driver_age IS NULL OR max_driver_age BETWEEN min_driver_age AND 120);
ALTER TABLE categories ADD COLUMN min_licence_years integer NOT NULL DEFAULT 1
  CHECK (min_licence_years BETWEEN 0 AND 30);
UPDATE categories SET min_driver_age = 23, min_licence_years = 2 WHERE slug = 'van';
UPDATE categories SET min_driver_age = 25, min_licence_years = 2 WHERE slug = 'luxury';

CREATE TABLE booking_drivers (
  booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  first_name text NOT NULL,
  last_name text NOT NULL,
  birth_date date NOT NULL,
  licence_number text NOT NULL,
  licence_country char(2) NOT NULL,
  licence_issued date NOT NULL,
  licence_expiry date NOT NULL,
  international_permit boolean NOT NULL DEFAULT false,
  PRIMARY KEY (booking_id, position)
);
