-- Security deposits (issue 17, part 4): each car model's own (its category's to start with, as the
-- rental terms say: ฿3,000 for the smallest cars to ฿15,000 for vans and luxury cars), copied onto a
-- booking when it is made, taken at pickup (card or cash) and returned at return in full or in part,
-- with the reason for what was kept. Never part of the booking's total.
ALTER TABLE car_models ADD COLUMN deposit_amount numeric(12,2) NOT NULL DEFAULT 5000
  CHECK (deposit_amount >= 0 AND deposit_amount <= 100000);
UPDATE car_models m SET deposit_amount = CASE c.slug
    WHEN 'sedan' THEN 3000 WHEN 'hatchback' THEN 3000
    WHEN 'crossover' THEN 5000 WHEN 'electric' THEN 5000
    WHEN 'suv' THEN 10000 WHEN '7seat' THEN 10000 WHEN 'minivan' THEN 10000 WHEN 'cap' THEN 10000
    WHEN 'van' THEN 15000 WHEN 'luxury' THEN 15000 ELSE 5000 END
  FROM categories c WHERE c.id = m.category_id;

ALTER TABLE bookings ADD COLUMN deposit_amount numeric(12,2) NOT NULL DEFAULT 0 CHECK (deposit_amount >= 0);
ALTER TABLE bookings ADD COLUMN deposit_state text NOT NULL DEFAULT 'due'
  CHECK (deposit_state IN ('due','held','released','partly_released'));
ALTER TABLE bookings ADD COLUMN deposit_method text CHECK (deposit_method IN ('card','cash'));
ALTER TABLE bookings ADD COLUMN deposit_kept numeric(12,2) NOT NULL DEFAULT 0
  CHECK (deposit_kept >= 0 AND deposit_kept <= deposit_amount);
ALTER TABLE bookings ADD COLUMN deposit_kept_reason text;
ALTER TABLE bookings ADD COLUMN deposit_held_at timestamptz;
ALTER TABLE bookings ADD COLUMN deposit_released_at timestamptz;
