-- Chosen times (issue 17, part 2; docs/decisions/1706). Pickup and return at the customer's times
-- within the branch's hours (branches.opens_at / closes_at, already kept), never on a day the branch
-- is closed (branch_closures: public holidays, a move), a rental at least the pickup branch's minimum
-- hours long (same-day rentals), and the late-return rule (a pricing rule: free hours, then a
-- percentage of the daily price an hour).
ALTER TABLE branches ADD COLUMN min_rental_hours integer NOT NULL DEFAULT 4
  CHECK (min_rental_hours BETWEEN 1 AND 24);

CREATE TABLE branch_closures (
  branch_code text NOT NULL REFERENCES branches(code) ON UPDATE CASCADE ON DELETE CASCADE,
  closed_on date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (branch_code, closed_on)
);

ALTER TABLE pricing_rules DROP CONSTRAINT pricing_rules_kind_check;
ALTER TABLE pricing_rules ADD CONSTRAINT pricing_rules_kind_check
  CHECK (kind IN ('season', 'weekend', 'duration', 'late'));
ALTER TABLE pricing_rules ADD COLUMN grace_hours integer
  CHECK (grace_hours IS NULL OR grace_hours BETWEEN 0 AND 23);
ALTER TABLE pricing_rules ADD CONSTRAINT pricing_rules_late_grace
  CHECK ((kind = 'late') = (grace_hours IS NOT NULL));

-- A same-day rental returns on its pickup day: the return must only come after the pickup
-- (return_at > pickup_at stays). The first version's check had no name of its own: found by its text.
DO $$
DECLARE
  found text;
BEGIN
  SELECT conname INTO found FROM pg_constraint
    WHERE conrelid = 'bookings'::regclass AND contype = 'c'
      AND pg_get_constraintdef(oid) = 'CHECK ((return_date > pickup_date))';
  IF found IS NOT NULL THEN
    EXECUTE format('ALTER TABLE bookings DROP CONSTRAINT %I', found);
  END IF;
END $$;
ALTER TABLE bookings ADD CONSTRAINT bookings_return_not_before_pickup CHECK (return_date >= pickup_date);
