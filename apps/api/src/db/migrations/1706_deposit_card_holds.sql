-- A security deposit held on the customer's card through the payment gateway (issue 17, part 4):
-- authorised without being taken (Omise capture=false), then at return let go in full (reversed) or
-- taken in part for what is kept (captured). The hold's reference at the gateway is kept here.
ALTER TABLE bookings ADD COLUMN deposit_ref text;
ALTER TABLE bookings ADD COLUMN deposit_gateway text;
