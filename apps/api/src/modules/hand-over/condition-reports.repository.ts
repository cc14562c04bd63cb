import { sql } from 'drizzle-orm';
import type { ReportKind } from '@siam/contract/condition-reports';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';

/**
 * The hand-over's SQL (hand-over/): condition photos and reports, the charges after a return and the
 * signed agreements. Writes inside a booking's status change take that change's transaction (`ex`).
 * Two reads join bookings for the owner the access check needs (booking-access.ts), so another
 * person's photo or agreement reads exactly like a missing one.
 */
export class ConditionReportsRepository {
  constructor(readonly db: Db) {}

  /** A photo kept, unless the report's kind has `max` already (counted in the same statement). */
  async insertPhoto(
    ex: Executor,
    photo: {
      bookingId: number;
      kind: ReportKind;
      key: string;
      size: number;
      takenBy: number | null;
      max: number;
    },
  ) {
    const [saved] = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO condition_photos (booking_id, kind, storage_key, size, taken_by)
          SELECT ${photo.bookingId}, ${photo.kind}, ${photo.key}, ${photo.size}, ${photo.takenBy}
          WHERE (SELECT count(*) FROM condition_photos WHERE booking_id = ${photo.bookingId} AND kind = ${photo.kind}) < ${photo.max}
          RETURNING id`,
    );
    return saved;
  }

  /** A photo of a written report, with its booking's customer. */
  async reportPhoto(ex: Executor, bookingId: number, photoId: number) {
    const [found] = await rows<{ storage_key: string; user_id: number | null }>(
      ex,
      sql`SELECT p.storage_key, b.user_id FROM condition_photos p
            JOIN condition_reports r ON r.booking_id = p.booking_id AND r.kind = p.kind AND p.id = ANY (r.photo_ids)
            JOIN bookings b ON b.id = p.booking_id
          WHERE p.id = ${photoId} AND p.booking_id = ${bookingId}`,
    );
    return found;
  }

  /** The pickup report's mileage and time. */
  async pickupReading(ex: Executor, bookingId: number) {
    const [pickup] = await rows<{ mileage_km: number; recorded_at: string }>(
      ex,
      sql`SELECT mileage_km, recorded_at::text FROM condition_reports
          WHERE booking_id = ${bookingId} AND kind = 'pickup'`,
    );
    return pickup;
  }

  async insertCharge(
    ex: Executor,
    charge: {
      bookingId: number;
      kind: string;
      amount: number;
      hours: number | null;
      note: string;
      by: number | null;
    },
  ) {
    await rows(
      ex,
      sql`INSERT INTO booking_charges (booking_id, kind, amount, hours, note, created_by)
          VALUES (${charge.bookingId}, ${charge.kind}, ${(charge.amount / 100).toFixed(2)}::numeric, ${charge.hours}, ${charge.note}, ${charge.by})`,
    );
  }

  /** The signed agreement kept; false when the booking has one already. */
  async insertAgreement(
    ex: Executor,
    agreement: { bookingId: number; key: string; sha256: string; signerName: string; signedAt: Date },
  ) {
    const saved = await rows<{ booking_id: number }>(
      ex,
      sql`INSERT INTO rental_agreements (booking_id, storage_key, sha256, signer_name, signed_at)
          VALUES (${agreement.bookingId}, ${agreement.key}, ${agreement.sha256}, ${agreement.signerName}, ${agreement.signedAt.toISOString()}::timestamptz)
          ON CONFLICT (booking_id) DO NOTHING RETURNING booking_id`,
    );
    return saved.length > 0;
  }

  /** The signed agreement's file, with its booking's number and customer. */
  async agreement(ex: Executor, bookingId: number) {
    const [found] = await rows<{ storage_key: string; booking_number: string; user_id: number | null }>(
      ex,
      sql`SELECT a.storage_key, b.booking_number, b.user_id FROM rental_agreements a JOIN bookings b ON b.id = a.booking_id
          WHERE a.booking_id = ${bookingId}`,
    );
    return found;
  }

  async reportKinds(ex: Executor, bookingId: number): Promise<ReportKind[]> {
    const found = await rows<{ kind: ReportKind }>(
      ex,
      sql`SELECT kind FROM condition_reports WHERE booking_id = ${bookingId}`,
    );
    return found.map((r) => r.kind);
  }

  /** How many of these photos were sent for this booking's report of this kind. */
  async countPhotos(ex: Executor, bookingId: number, kind: ReportKind, ids: number[]) {
    const found = await rows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM condition_photos
          WHERE booking_id = ${bookingId} AND kind = ${kind}
            AND id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    return found[0]?.n ?? 0;
  }

  /** The report written; false when the booking has one of this kind already. */
  async insertReport(
    ex: Executor,
    report: {
      bookingId: number;
      kind: ReportKind;
      fuelEighths: number;
      mileageKm: number;
      damage: unknown;
      notes: string;
      photoIds: number[];
      by: number | null;
    },
  ) {
    const saved = await rows<{ booking_id: number }>(
      ex,
      sql`INSERT INTO condition_reports (booking_id, kind, fuel_eighths, mileage_km, damage, notes, photo_ids, recorded_by)
          VALUES (${report.bookingId}, ${report.kind}, ${report.fuelEighths}, ${report.mileageKm}, ${JSON.stringify(report.damage)}::jsonb,
                  ${report.notes}, ${`{${[...new Set(report.photoIds)].join(',')}}`}::int[], ${report.by})
          ON CONFLICT (booking_id, kind) DO NOTHING RETURNING booking_id`,
    );
    return saved.length > 0;
  }
}
