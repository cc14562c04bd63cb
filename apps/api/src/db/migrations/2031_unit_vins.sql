-- Issue 35 part 9: the rental agreement names the car's VIN beside its plate. A unit's VIN is 17
-- characters of ISO 3779 (digits and capital letters without I, O and Q), unique in the fleet;
-- a unit staff have not given one yet has none (the agreement then names the plate only).
ALTER TABLE vehicle_units
  ADD COLUMN vin text UNIQUE CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$');
