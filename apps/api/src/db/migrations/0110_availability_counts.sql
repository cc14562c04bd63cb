-- Counting the models free for a period without visiting all 100,000 units
-- (docs/decisions/0006, "the count"). Two facts the database keeps true itself:
--
-- 1. car_model_unit_counts: how many in-service units each model has, kept
--    by a trigger on vehicle_units (a model with none may have no row).
-- 2. unit_holds.car_model_id: the model of the held unit, filled by a trigger
--    on insert and bound to the unit by a foreign key on (unit_id,
--    car_model_id) that cascades when a unit is moved to another model.
--
-- A model can only be fully taken for a period if it has at least as many
-- live holds overlapping that period as it has units in service; those few
-- suspects are then checked exactly. The holds overlapping a period are found
-- by the GiST index of 0100 and grouped by model without touching the units.
-- (A covering GiST index INCLUDE (car_model_id, unit_id) was tried: larger,
-- and PostgreSQL then chose the exclusion constraint's index, 6x slower.)

-- Its own narrow table rather than a column of car_models: every unit change
-- writes a new row version, and car_models rows are wide (texts in three
-- languages); a column there bloated the table tenfold when a fleet was loaded.
CREATE TABLE car_model_unit_counts (
  car_model_id integer PRIMARY KEY REFERENCES car_models(id) ON DELETE CASCADE,
  in_service_units integer NOT NULL CHECK (in_service_units >= 0)
);
INSERT INTO car_model_unit_counts (car_model_id, in_service_units)
  SELECT car_model_id, count(*) FROM vehicle_units WHERE status = 'in_service' GROUP BY car_model_id;

CREATE FUNCTION vehicle_units_keep_model_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'in_service' THEN
    UPDATE car_model_unit_counts SET in_service_units = in_service_units - 1 WHERE car_model_id = OLD.car_model_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'in_service' THEN
    INSERT INTO car_model_unit_counts AS c (car_model_id, in_service_units) VALUES (NEW.car_model_id, 1)
      ON CONFLICT (car_model_id) DO UPDATE SET in_service_units = c.in_service_units + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER vehicle_units_model_counts
  AFTER INSERT OR DELETE OR UPDATE OF status, car_model_id ON vehicle_units
  FOR EACH ROW EXECUTE FUNCTION vehicle_units_keep_model_counts();

ALTER TABLE vehicle_units ADD CONSTRAINT vehicle_units_id_model_key UNIQUE (id, car_model_id);
ALTER TABLE unit_holds ADD COLUMN car_model_id integer;
UPDATE unit_holds h SET car_model_id = u.car_model_id FROM vehicle_units u WHERE u.id = h.unit_id;
ALTER TABLE unit_holds ALTER COLUMN car_model_id SET NOT NULL;
ALTER TABLE unit_holds ADD CONSTRAINT unit_holds_unit_model_fk
  FOREIGN KEY (unit_id, car_model_id) REFERENCES vehicle_units (id, car_model_id) ON UPDATE CASCADE;

CREATE FUNCTION unit_holds_fill_model() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.car_model_id IS NULL THEN
    SELECT car_model_id INTO NEW.car_model_id FROM vehicle_units WHERE id = NEW.unit_id;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER unit_holds_model BEFORE INSERT ON unit_holds
  FOR EACH ROW EXECUTE FUNCTION unit_holds_fill_model();
