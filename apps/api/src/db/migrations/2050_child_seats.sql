-- Child seats as families need them (issue 36 part 4, docs/decisions/3620): an infant, a child and a
-- booster seat, each priced per seat per day, with a stock per branch and kind that the database keeps
-- the way unit_holds keeps cars: never more seats out at a branch at one time than it has.

-- The old add-on "child safety seat" (free, one checkbox, "0-12") becomes the forward-facing child seat:
-- existing bookings keep their rows, quantity and agreed price (฿0), and now count against the stock.
UPDATE addons SET
  name = '{"th":"คาร์ซีทเด็กเล็ก","en":"Child seat","zh":"儿童安全座椅"}',
  description = '{"th":"หันหน้า มีเข็มขัดในตัว","en":"Forward-facing, with its own harness","zh":"前向安装，自带安全带"}',
  price_per_day = 120, sort_order = 4
WHERE code = 'child_seat';
INSERT INTO addons (code, name, description, price_per_day, sort_order) VALUES
  ('infant_seat', '{"th":"คาร์ซีททารก","en":"Infant seat","zh":"婴儿提篮座椅"}',
   '{"th":"หันหลัง สำหรับทารกแรกเกิด","en":"Rear-facing, from birth","zh":"后向安装，适合新生儿"}', 150, 3),
  ('booster_seat', '{"th":"บูสเตอร์ซีท","en":"Booster seat","zh":"增高座垫"}',
   '{"th":"ใช้กับเข็มขัดนิรภัยของรถ","en":"Used with the car''s seat belt","zh":"配合车内安全带使用"}', 80, 5)
ON CONFLICT (code) DO NOTHING;
UPDATE addons SET sort_order = 6 WHERE code = 'driver';

CREATE TABLE seat_stock (
  branch_code text NOT NULL REFERENCES branches(code) ON UPDATE CASCADE,
  seat_code text NOT NULL REFERENCES addons(code)
    CHECK (seat_code IN ('infant_seat','child_seat','booster_seat')),
  quantity integer NOT NULL CHECK (quantity BETWEEN 0 AND 999),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (branch_code, seat_code)
);
-- Every branch starts with a counter's usual stock (2 infant, 4 child, 4 booster seats), those that
-- exist now and those added later, as the one checkbox offered a seat everywhere; staff set the real
-- numbers on the back office's seat screen.
CREATE FUNCTION seat_stock_usual(p_branch text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO seat_stock (branch_code, seat_code, quantity)
  SELECT p_branch, s.code, s.quantity
    FROM (VALUES ('infant_seat', 2), ('child_seat', 4), ('booster_seat', 4)) AS s(code, quantity)
  ON CONFLICT DO NOTHING
$$;
SELECT seat_stock_usual(code) FROM branches;
CREATE FUNCTION branches_usual_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seat_stock_usual(NEW.code);
  RETURN NULL;
END $$;
CREATE TRIGGER branches_seat_stock AFTER INSERT ON branches
  FOR EACH ROW EXECUTE FUNCTION branches_usual_seats();

-- A seat is out from the booking's pickup to its return, while the booking holds its car.
CREATE INDEX booking_addons_seat_idx ON booking_addons (addon_code, booking_id)
  WHERE addon_code IN ('infant_seat','child_seat','booster_seat');

-- The most seats of a kind out at once at a branch between two instants (other than one booking's):
-- the peak over the instants a rental starts, so two rentals that follow each other share a seat.
CREATE FUNCTION seats_in_use(p_branch text, p_seat text, p_from timestamptz, p_to timestamptz, p_except integer)
RETURNS integer LANGUAGE sql VOLATILE AS $$
  WITH held AS (
    SELECT o.pickup_at, o.return_at, a.quantity
      FROM booking_addons a JOIN bookings o ON o.id = a.booking_id
     WHERE a.addon_code = p_seat AND o.branch_code = p_branch
       AND o.status IN ('awaiting_payment','confirmed','active')
       AND o.pickup_at < p_to AND o.return_at > p_from
       AND o.id IS DISTINCT FROM p_except)
  SELECT coalesce(max(used), 0)::int FROM (
    SELECT (SELECT sum(h.quantity) FROM held h WHERE h.pickup_at <= t.at AND h.return_at > t.at) AS used
      FROM (SELECT p_from AS at UNION SELECT pickup_at FROM held WHERE pickup_at > p_from) t
  ) peaks
$$;

-- Refuses a booking's seats of a kind beyond the branch's stock for its times. The stock row is locked
-- first (FOR UPDATE): two bookings wanting the last seat take turns, and the second counts the first's.
-- SQLSTATE SD001, message 'seats short: <kind> <left> left' (db/pg-errors.ts reads it).
CREATE FUNCTION check_seat_stock(p_booking integer, p_seat text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  stock integer;
  own integer;
  others integer;
BEGIN
  SELECT branch_code, pickup_at, return_at, status INTO b FROM bookings WHERE id = p_booking;
  IF b.status IS NULL OR b.status NOT IN ('awaiting_payment','confirmed','active') THEN RETURN; END IF;
  SELECT quantity INTO stock FROM seat_stock
   WHERE branch_code = b.branch_code AND seat_code = p_seat FOR UPDATE;
  SELECT quantity INTO own FROM booking_addons WHERE booking_id = p_booking AND addon_code = p_seat;
  IF own IS NULL THEN RETURN; END IF;
  others := seats_in_use(b.branch_code, p_seat, b.pickup_at, b.return_at, p_booking);
  IF others + own > coalesce(stock, 0) THEN
    RAISE EXCEPTION 'seats short: % % left', p_seat, greatest(coalesce(stock, 0) - others, 0)
      USING ERRCODE = 'SD001';
  END IF;
END $$;

CREATE FUNCTION booking_addons_check_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_seat_stock(NEW.booking_id, NEW.addon_code);
  RETURN NULL;
END $$;
CREATE TRIGGER booking_addons_seats
  AFTER INSERT OR UPDATE ON booking_addons
  FOR EACH ROW WHEN (NEW.addon_code IN ('infant_seat','child_seat','booster_seat'))
  EXECUTE FUNCTION booking_addons_check_seats();

-- A booking's seats follow it when its times or branch change, or it holds its car again.
CREATE FUNCTION bookings_check_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT a.addon_code FROM booking_addons a JOIN addons d ON d.code = a.addon_code
            WHERE a.booking_id = NEW.id AND a.addon_code IN ('infant_seat','child_seat','booster_seat')
            ORDER BY d.sort_order LOOP
    PERFORM check_seat_stock(NEW.id, s.addon_code);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER bookings_seats
  AFTER UPDATE OF pickup_at, return_at, branch_code, status ON bookings
  FOR EACH ROW WHEN (
    OLD.pickup_at IS DISTINCT FROM NEW.pickup_at OR OLD.return_at IS DISTINCT FROM NEW.return_at
    OR OLD.branch_code IS DISTINCT FROM NEW.branch_code
    OR (OLD.status NOT IN ('awaiting_payment','confirmed','active')
        AND NEW.status IN ('awaiting_payment','confirmed','active')))
  EXECUTE FUNCTION bookings_check_seats();

-- The demo's rental condition that called the child seat free (the seed's words since 2030) says what
-- is true now, where a database still holds those words exactly; a row staff edited stays theirs.
UPDATE rental_conditions
   SET text = '{"th":"เครื่องนำทาง GPS พนักงานขับรถ และคาร์ซีทเด็ก (บริการเสริมมีค่าบริการ เลือกได้ตอนจอง)","en":"GPS unit, driver and child seats (paid extras, chosen on the booking)","zh":"GPS 导航仪、司机服务和儿童座椅（付费附加服务，预订时选择）"}'::jsonb
 WHERE kind = 'not_included'
   AND text = '{"th":"เครื่องนำทาง GPS และพนักงานขับรถ (บริการเสริมมีค่าบริการ) คาร์ซีทเด็กฟรีเมื่อเลือกตอนจอง","en":"GPS unit and driver (paid extras); a child seat is free when chosen on the booking","zh":"GPS 导航仪和司机服务（付费附加服务）；儿童座椅在预订时选择即免费"}'::jsonb;
