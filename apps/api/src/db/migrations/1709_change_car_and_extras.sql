-- Self-service changes of the car and the extras (issue 17, part 6; docs/decisions/1703): the change
-- record says which car the booking had and has now, and whether its extras changed.
ALTER TABLE booking_changes ADD COLUMN from_car_model_id integer REFERENCES car_models(id) ON DELETE SET NULL;
ALTER TABLE booking_changes ADD COLUMN to_car_model_id integer REFERENCES car_models(id) ON DELETE SET NULL;
ALTER TABLE booking_changes ADD COLUMN extras_changed boolean NOT NULL DEFAULT false;
