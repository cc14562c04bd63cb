import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { z } from 'zod';
import { bangkokInstant } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import {
  reportLimits,
  reportMessages,
  type pickupReportBodySchema,
  type ReportKind,
  type returnReportBodySchema,
  type signatureBodySchema,
} from '@siam/contract/condition-reports';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql-rows';
import type { Actor, AuditService } from '../audit/audit.service';
import type { BookingRow } from '../bookings/bookings.service';
import { bookingSubject, readableOr404, type AccessActor } from '../bookings/booking-access';
import type { BookingsService } from '../bookings/bookings.service';
import type { PaymentsService } from '../payments/payments.service';
import { lateReturnCharge, lateRuleFor } from '../pricing/pricing-rules';
import type { PricingService } from '../pricing/pricing.service';
import type { RentalAgreementInput } from '../documents/rental-agreement';
import type { ConditionReportsRepository } from './condition-reports.repository';

type PickupBody = z.output<typeof pickupReportBodySchema>;
type ReturnBody = z.output<typeof returnReportBodySchema>;
type SignatureBody = z.output<typeof signatureBodySchema>;

const refuse = (path: string, message: string): never => {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }]);
};

/**
 * The digital hand-over (issue 18, parts 1 and 2; docs/decisions/1804). Staff write a condition
 * report at pickup (the booking becomes active) and at return (the booking is completed): photos
 * sent first, one by one, as the phone takes them; fuel, mileage, damage marks. The return's adds the
 * charges — late hours from the pricing rules, and staff's fuel, cleaning and damage — and settles the
 * deposit with them (decision 1701's release, kept = the charges). The customer signs the rental
 * agreement, filled from the booking, its drivers and the pickup's report: the PDF as signed is kept
 * with its SHA-256 and the moment.
 */
export class ConditionReportsService {
  constructor(
    private readonly repo: ConditionReportsRepository,
    /** The booking record: its rows, its lock and its status changes (bookings/). */
    private readonly bookings: BookingsService,
    private readonly deps: {
      /** The deposit settled at the return (payments/: a hold on a card is let go at the gateway). */
      deposits: Pick<PaymentsService, 'changeDeposit'>;
      /** Photos of the car (private, like slips: staff and the booking's customer only). */
      photos: FileStorage;
      /** Signed agreements (private). */
      agreements: FileStorage;
      /** Writes the agreement off the event loop (pdf-renderer.ts). */
      pdfs: { render(job: { kind: 'rental-agreement'; agreement: RentalAgreementInput }): Promise<Buffer> };
      audit: AuditService;
      /** The late-return rule of the car's pricing rules (pricing/). */
      pricing: PricingService;
      /** The fleet's record of a unit: its VIN, named on the agreement beside the plate (fleet/). */
      units?: { vin(unitId: number): Promise<string | null> };
      clock?: { now(): Date };
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {}

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  /** A photo for the report about to be written, re-encoded without its metadata (no location). */
  async addPhoto(
    actor: Actor,
    bookingId: number,
    kind: ReportKind,
    content: Buffer,
  ): Promise<{ id: number }> {
    const db = this.repo.db;
    const row = await this.bookings.row(bookingId);
    if (!row) throw notFound('Booking');
    const reports = await this.repo.reportKinds(db, bookingId);
    if (reports.includes(kind)) throw new AppError('CONFLICT', reportMessages.recorded);
    if (kind === 'pickup' && !['confirmed', 'active'].includes(row.status))
      throw new AppError('CONFLICT', reportMessages.notConfirmed);
    if (kind === 'return' && row.status !== 'active')
      throw new AppError('CONFLICT', reportMessages.notActive);
    let picture: Buffer;
    try {
      const image = sharp(content, { failOn: 'error', limitInputPixels: 50_000_000 });
      const { format } = await image.metadata();
      if (!format || !['jpeg', 'png', 'webp', 'heif'].includes(format)) throw new Error(format);
      picture = await image
        .rotate()
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a photo of the car (JPEG, PNG or WebP)');
    }
    const key = `${bookingId}-${kind}-${randomUUID()}.jpg`;
    await this.deps.photos.put(key, picture, 'image/jpeg');
    const saved = await this.repo.insertPhoto(db, {
      bookingId,
      kind,
      key,
      size: picture.length,
      takenBy: actor.id,
      max: reportLimits.photos * 2,
    });
    if (!saved) {
      await this.deps.photos.delete(key);
      throw new AppError('CONFLICT', `At most ${reportLimits.photos} photos`);
    }
    return saved;
  }

  /** Whether the booking's pickup or return report is written (the quick "picked up" step asks). */
  async hasReport(bookingId: number, kind: ReportKind): Promise<boolean> {
    return (await this.repo.reportKinds(this.repo.db, bookingId)).includes(kind);
  }

  /** A photo of a written report, for whoever may read the booking (booking-access.ts). */
  async photo(actor: AccessActor, bookingId: number, photoId: number): Promise<Buffer> {
    const found = await this.repo.reportPhoto(this.repo.db, bookingId, photoId);
    // Another person's photo reads exactly like a missing one.
    const photo = readableOr404(actor, found, bookingSubject, 'Photo');
    const content = await this.deps.photos.get(photo.storage_key);
    if (!content) throw notFound('Photo');
    return content;
  }

  /** Staff on their phone at pickup: the report; the booking becomes active; the deposit taken if asked. */
  async recordPickup(actor: Actor, bookingId: number, body: PickupBody, lang: Language): Promise<Booking> {
    await this.checkPhotos(bookingId, 'pickup', body.photoIds);
    const write = async (tx: Db, row: BookingRow) => {
      await this.insertReport(tx, actor, bookingId, 'pickup', body);
      if (body.depositMethod && row.deposit_state === 'due' && row.deposit_amount > 0)
        await this.bookings.takeDeposit(tx, bookingId, body.depositMethod);
      await this.deps.audit.record(tx, actor, {
        entity: 'booking',
        entityId: bookingId,
        action: 'booking.pickup_report',
        before: { status: row.status },
        after: {
          status: 'active',
          fuelEighths: body.fuelEighths,
          mileageKm: body.mileageKm,
          damageMarks: body.damage.length,
          photos: body.photoIds.length,
          depositMethod: body.depositMethod ?? null,
          unitId: body.unitId ?? row.unit_id,
        },
      });
    };
    const row = await this.bookings.row(bookingId);
    if (!row) throw notFound('Booking');
    if (row.status === 'confirmed') return this.bookings.markPickedUp(bookingId, body.unitId, lang, write);
    // Handed over already with the quick "picked up" step: the report is written after the fact.
    if (row.status !== 'active') throw new AppError('CONFLICT', reportMessages.notConfirmed);
    await this.bookings.withLockedBooking(bookingId, async (tx, locked) => {
      if (locked?.status !== 'active') throw new AppError('CONFLICT', reportMessages.notConfirmed);
      await write(tx, locked);
    });
    return this.bookings.getById(bookingId, lang);
  }

  /**
   * Staff at return: the report, the charges (late hours computed here), the booking completed, then
   * the deposit settled with the charges kept and the customer mailed what was charged.
   */
  async recordReturn(actor: Actor, bookingId: number, body: ReturnBody, lang: Language): Promise<Booking> {
    await this.checkPhotos(bookingId, 'return', body.photoIds);
    const now = this.now();
    const returnedAt = body.returnedAt ? new Date(body.returnedAt) : now;
    if (returnedAt.getTime() > now.getTime() + 60_000) refuse('returnedAt', reportMessages.returnedAt);
    let total = 0;
    const lines: string[] = [];
    await this.bookings.markReturned(
      bookingId,
      lang,
      async (tx, row) => {
        const pickup = await this.repo.pickupReading(tx, bookingId);
        if (!pickup) throw new AppError('CONFLICT', reportMessages.pickupFirst);
        if (returnedAt.getTime() < new Date(pickup.recorded_at).getTime())
          refuse('returnedAt', reportMessages.returnedAt);
        if (body.mileageKm < pickup.mileage_km) refuse('mileageKm', reportMessages.mileageBack);
        const rules = await this.deps.pricing.rules(tx, row.car_model_id, row.pickup_date, row.return_date);
        const late = lateReturnCharge({
          bookedReturnAt: bangkokInstant(row.return_date, row.return_time),
          returnedAt,
          dailyPrice: row.price_per_day,
          rule: lateRuleFor(rules, {
            carModelId: row.car_model_id,
            categoryId: rules[0]?.car_category_id ?? -1,
          }),
        });
        const charges = [
          ...(late.amount > 0
            ? [{ kind: 'late' as const, amount: late.amount, hours: late.hours as number | null, note: '' }]
            : []),
          ...body.charges.map((c) => ({ kind: c.kind, amount: c.amount * 100, hours: null, note: c.note })),
        ];
        total = charges.reduce((sum, c) => sum + c.amount, 0);
        if (row.deposit_state === 'held' && total > row.deposit_amount)
          refuse('charges', reportMessages.chargesOverDeposit);
        await this.insertReport(tx, actor, bookingId, 'return', body);
        for (const c of charges) {
          await this.repo.insertCharge(tx, { bookingId, ...c, by: actor.id });
          lines.push(`${c.kind}${c.hours ? ` ${c.hours} h` : ''}${c.note ? ` (${c.note})` : ''}`);
        }
        await this.deps.audit.record(tx, actor, {
          entity: 'booking',
          entityId: bookingId,
          action: 'booking.return_report',
          before: { status: row.status },
          after: {
            status: 'completed',
            returnedAt: returnedAt.toISOString(),
            fuelEighths: body.fuelEighths,
            mileageKm: body.mileageKm,
            newDamageMarks: body.damage.length,
            charges,
          },
        });
      },
      returnedAt,
    );
    // The deposit settled with what is charged: all of it back when nothing is. A gateway that does not
    // answer leaves it held: staff release it from the booking's page (the charges are recorded).
    const after = await this.bookings.row(bookingId);
    if (after?.deposit_state === 'held') {
      try {
        await this.deps.deposits.changeDeposit(
          bookingId,
          { action: 'release', kept: total / 100, reason: total > 0 ? lines.join('; ') : undefined },
          lang,
          async (tx) =>
            this.deps.audit.record(tx, actor, {
              entity: 'booking',
              entityId: bookingId,
              action: 'booking.deposit_released',
              before: { status: 'completed' },
              after: { status: 'completed', depositKept: total / 100, reason: lines.join('; ') || null },
            }),
        );
      } catch (error) {
        (this.deps.log ?? console).error(
          { err: error, bookingId },
          'the deposit could not be settled after the return',
        );
      }
    }
    // Late hours, fuel and cleaning are services: on a debit note when the invoice was issued already.
    if (total > 0) await this.bookings.totalChanged(bookingId, 'charges');
    await this.bookings.mailCustomer(bookingId, 'returned_car');
    return this.bookings.getById(bookingId, lang);
  }

  /**
   * The customer signs (on their own phone: `userId`; on staff's phone: `userId` null and the staff
   * member as the witness). Once: a second signature is refused.
   */
  async signAgreement(
    bookingId: number,
    body: SignatureBody,
    by: { userId: number } | { staff: Actor },
    lang: Language,
  ): Promise<Booking> {
    const db = this.repo.db;
    const row = await this.bookings.row(bookingId, 'userId' in by ? by.userId : undefined);
    if (!row) throw notFound('Booking');
    const booking = await this.bookings.getById(bookingId, lang);
    if (booking.agreement) throw new AppError('CONFLICT', reportMessages.signed);
    if (!booking.canSignAgreement) throw new AppError('CONFLICT', reportMessages.noAgreement);
    const signature = await readSignature(body.signature);
    const signerName =
      body.signerName ?? `${booking.driver.firstName} ${booking.driver.lastName}`.trim() ?? 'Customer';
    const signedAt = this.now();
    const plate = row.unit_id === null ? null : await this.bookings.unitPlate(row.unit_id);
    const vin = row.unit_id === null ? null : ((await this.deps.units?.vin(row.unit_id)) ?? null);
    const pdf = await this.deps.pdfs.render({
      kind: 'rental-agreement',
      agreement: {
        booking,
        plate,
        vin,
        signature,
        signerName,
        signedAt,
        witness: 'staff' in by ? by.staff.email : null,
      },
    });
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const key = `${bookingId}-${sha256.slice(0, 16)}.pdf`;
    await this.deps.agreements.put(key, pdf, 'application/pdf');
    const saved = await this.repo.insertAgreement(db, { bookingId, key, sha256, signerName, signedAt });
    if (!saved) {
      await this.deps.agreements.delete(key);
      throw new AppError('CONFLICT', reportMessages.signed);
    }
    if ('staff' in by)
      await this.deps.audit.record(db, by.staff, {
        entity: 'booking',
        entityId: bookingId,
        action: 'booking.agreement_signed',
        before: null,
        after: { signerName, sha256 },
      });
    return this.bookings.getById(bookingId, lang);
  }

  /** The signed agreement as stored, for whoever may read the booking (booking-access.ts). */
  async agreementFile(actor: AccessActor, bookingId: number) {
    const found = await this.repo.agreement(this.repo.db, bookingId);
    const agreement = readableOr404(actor, found, bookingSubject, 'Agreement');
    const content = await this.deps.agreements.get(agreement.storage_key);
    if (!content) throw notFound('Agreement');
    return {
      contentType: 'application/pdf',
      content,
      downloadAs: `rental-agreement-${agreement.booking_number}.pdf`,
    };
  }

  /** Every photo named was sent for this booking's report of this kind. */
  private async checkPhotos(bookingId: number, kind: ReportKind, ids: number[]) {
    const found = await this.repo.countPhotos(this.repo.db, bookingId, kind, ids);
    if (found !== new Set(ids).size) refuse('photoIds', reportMessages.photosFirst);
  }

  private async insertReport(
    tx: Executor,
    actor: Actor,
    bookingId: number,
    kind: ReportKind,
    body: PickupBody | ReturnBody,
  ) {
    const saved = await this.repo.insertReport(tx, {
      bookingId,
      kind,
      fuelEighths: body.fuelEighths,
      mileageKm: body.mileageKm,
      damage: body.damage,
      notes: body.notes,
      photoIds: body.photoIds,
      by: actor.id,
    });
    if (!saved) throw new AppError('CONFLICT', reportMessages.recorded);
  }
}

/** A drawn signature: a real PNG, not an empty box (some ink: pixels that are not see-through). */
async function readSignature(dataUrl: string): Promise<Buffer> {
  const content = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const image = sharp(content, { failOn: 'error', limitInputPixels: 4_000_000 });
    const { format } = await image.metadata();
    if (format !== 'png') throw new Error(format);
    // stats() reads the file as it is, not the pipeline: the pixels with an alpha channel added first, so
    // a PNG without one (an opaque pad) is read as fully opaque rather than as having no alpha at all.
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { channels } = await sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    }).stats();
    const alpha = channels[3];
    const rgb = channels.slice(0, 3);
    // Ink: some opaque pixels on a transparent pad, or some dark ones on a white one.
    const inked = (alpha?.max ?? 0) > 0 && ((alpha?.min ?? 255) < 255 || rgb.some((c) => c.min < 128));
    if (!inked) throw new Error('empty');
    return await sharp(content).png().toBuffer();
  } catch {
    return refuse('signature', reportMessages.signatureEmpty);
  }
}
