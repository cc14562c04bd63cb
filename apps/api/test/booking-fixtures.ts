import type { Database } from '../src/db/client';

let counter = 0;

/**
 * A booking row written straight into the database, for tests of modules that
 * start from an existing booking (reviews, back office) rather than from the
 * booking flow, which has its own tests. It holds no unit unless `holdUnit`.
 */
export async function insertBooking(
  database: Database,
  input: { userId: number | null; status: string; unitId?: number; pickupDate?: string; returnDate?: string },
): Promise<{ id: number; bookingNumber: string; carModelId: number }> {
  counter += 1;
  const bookingNumber = `SD-TEST-${process.pid}-${counter}`;
  const pickupDate = input.pickupDate ?? '2030-03-01';
  const returnDate = input.returnDate ?? '2030-03-03';
  const [row] = await database.query<{ id: number; car_model_id: number }>(
    `INSERT INTO bookings (booking_number, user_id, car_model_id, unit_id, branch_code, pickup_date, return_date,
       pickup_at, return_at, days, status, payment_method, driver_first_name, driver_last_name,
       driver_email, driver_phone, driver_id_number, price_per_day, rental_amount, total_amount, vat_amount)
     SELECT $1, $2, u.car_model_id, u.id, u.branch_code, $4::date, $5::date,
       ($4 || 'T09:00:00+07:00')::timestamptz, ($5 || 'T18:00:00+07:00')::timestamptz, 2, $6, 'card',
       'Test', 'Driver', 'driver@example.com', '0812345678', 'AB1234567', 1000, 2000, 2000, 130.84
     FROM vehicle_units u WHERE u.id = COALESCE($3, (SELECT min(id) FROM vehicle_units))
     RETURNING id, car_model_id`,
    [bookingNumber, input.userId, input.unitId ?? null, pickupDate, returnDate, input.status],
  );
  return { id: row!.id, bookingNumber, carModelId: row!.car_model_id };
}
