import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql-rows';

/** PDPA erasure of a customer's bookings (account deletion): what the law keeps stays, the rest goes. */
export class BookingErasureRepository {
  /** The driver's contact details and the flight they arrive on (it tells where they travel) go. */
  async anonymiseForUser(ex: Executor, userId: number) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET driver_first_name = 'Anonymised', driver_last_name = 'Customer',
            driver_email = 'anonymised-' || id || '@invalid.siamdrive', driver_phone = '-', driver_id_number = '-',
            flight_number = NULL, anonymised_at = now(), updated_at = now()
          WHERE user_id = ${userId} AND anonymised_at IS NULL RETURNING id`,
    );
    return done.length;
  }

  /**
   * The rest of a customer's personal traces in the booking record, for erasure: their licence
   * pictures (returned so the files can be deleted), delivery addresses and drivers. Their transfer
   * slips are erased by payments/ and the stored answers of their booking requests by rentals/, each
   * an account-data contributor of its own (services.ts).
   */
  async erasePersonalTraces(ex: Executor, userId: number): Promise<{ licences: string[] }> {
    const pictures = await rows<{ storage_key: string }>(
      ex,
      sql`DELETE FROM licence_pictures p USING bookings b
          WHERE p.booking_id = b.id AND b.user_id = ${userId} RETURNING p.storage_key`,
    );
    // Where the car was brought or fetched: the fee stays (the money record), the place goes.
    await ex.execute(
      sql`UPDATE booking_deliveries h SET address = '', flight_number = '' FROM bookings b
          WHERE h.booking_id = b.id AND b.user_id = ${userId}`,
    );
    // Birth dates and licences: a counter's check, not a record the law keeps.
    await ex.execute(
      sql`DELETE FROM booking_drivers d USING bookings b WHERE d.booking_id = b.id AND b.user_id = ${userId}`,
    );
    return { licences: pictures.map((p) => p.storage_key) };
  }
}
