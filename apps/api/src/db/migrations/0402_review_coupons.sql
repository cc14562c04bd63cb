-- Reviews belong to real bookings, and the thank-you coupon is a promotion
-- code only its customer can use (both tables exist once 0301 has run).
ALTER TABLE reviews
  ADD CONSTRAINT reviews_booking_fk FOREIGN KEY (booking_id) REFERENCES bookings(id);
ALTER TABLE promotion_codes
  ADD COLUMN user_id integer REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX promotion_codes_user_idx ON promotion_codes (user_id) WHERE user_id IS NOT NULL;
