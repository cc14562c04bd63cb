import { reportMessages } from '@siam/contract/condition-reports';
import { createBookingBodySchema } from '@siam/contract/bookings';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Color, type Sharp } from 'sharp';
import { beforeAll, expect, it, vi } from 'vitest';
import { testSettings } from '../../../test/app';
import { pdfText } from '../../../test/pdf-text';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { buildServices } from '../../services';
import type { Actor } from '../audit/audit.service';
import { customerActor, staffActor, type AccessActor } from '../bookings/booking-access';
import { driver, goodCardToken, makeCar } from '../bookings/booking-fixtures.test-helper';
import { UsersRepository } from '../users/users.repository';
import { failure } from '../../../test/failure';
import { sentMails } from '../../../test/outbox';

// Who may read and write a booking's hand-over (decision 1804; issue 32: "condition reports' access"), on
// the service as services.ts wires it, with no HTTP (condition-reports.test.ts and agreement-access.test.ts
// drive the same through the routes, a minute a mutant; these reach each rule directly, decision 3204).
// The photos and the signed agreement are the booking's customer's and staff's: not a stranger's, not
// their company's manager's or a colleague's, not a staff member's through the customer's door. Every
// read is tried after the thing exists (before, every answer is "not found" anyway). Writes: staff write
// the reports; the customer signs their own booking's agreement, on their phone or on staff's, once.
describeEachDatabase('condition reports: who may read and write', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let settings: ReturnType<typeof testSettings>;
  let users: UsersRepository;
  let staff: Actor & { id: number };
  let now = new Date('2031-05-01T03:00:00Z');
  beforeAll(async () => {
    settings = testSettings();
    services = buildServices(ctx.database, settings, { clock: { now: () => now } });
    users = new UsersRepository(ctx.database.db);
    const account = demoStaffAccounts.find((a) => a.role === 'staff')!;
    staff = { id: (await users.findByEmail(account.email))!.id, email: account.email };
  });
  const reports = () => services.conditionReports;
  /** The private files' folder on disk (DATA_DIR/uploads/<folder>), where the storage keeps them. */
  const uploads = (folder: string) => path.join(settings.dataDir, 'uploads', folder);

  const customer = async () =>
    (await users.insert({
      email: `hand-${randomBytes(5).toString('hex')}@example.com`,
      role: 'customer',
      firstName: 'Nok',
      lastName: 'Dee',
    }))!.id;
  /** A paid booking (card) of a car of our own, 10 to 12 May 2031, made through checkout. */
  async function paidBooking(userId: number) {
    // Booked on 1 May (a case may have moved the clock to the signing since).
    now = new Date('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const made = await services.rentals.create(
      userId,
      createBookingBodySchema.parse({
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: '2031-05-10',
        returnDate: '2031-05-12',
        pickupTime: '10:00',
        returnTime: '10:00',
        paymentMethod: 'card',
        cardToken: goodCardToken,
        driver,
        acceptTerms: true,
      }),
      'en',
      undefined,
    );
    return made.booking.id;
  }
  const picture = (colour = '#c33') =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const signature = async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#000" stroke-width="4" fill="none"/></svg>`;
    return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  };
  const notFound = (what: string) => ({ code: 'NOT_FOUND', message: `${what} not found`, errors: undefined });
  const conflict = (message: string) => ({ code: 'CONFLICT', message, errors: undefined });
  const refused = (path: string, message: string) => ({
    code: 'VALIDATION_FAILED',
    message,
    errors: [{ path, message }],
  });
  const pickupBody = (photoIds: number[], extra: object = {}) => ({
    fuelEighths: 8,
    mileageKm: 12_000,
    damage: [],
    notes: '',
    photoIds,
    ...extra,
  });
  const auditOf = (bookingId: number) =>
    ctx.database.query<{ action: string; actor_id: number | null; after: Record<string, unknown> }>(
      `SELECT action, actor_id, after FROM audit_log WHERE entity = 'booking' AND entity_id = $1 ORDER BY id`,
      [String(bookingId)],
    );

  /**
   * A booking handed over and signed, and everyone around it: its customer, a stranger, the customer's
   * company's manager and a colleague driving for the same company, and a staff member signed in as
   * themselves (the customer's door).
   */
  async function handedOver() {
    const owner = await customer();
    const [stranger, manager, colleague] = [await customer(), await customer(), await customer()];
    const [company] = await ctx.database.query<{ id: number }>(
      `INSERT INTO companies (buyer, billing_email) VALUES ($1::jsonb, 'ap@example.com') RETURNING id`,
      [JSON.stringify({ companyName: 'Dern Thang', taxId: randomBytes(6).toString('hex'), branch: '00000' })],
    );
    for (const [userId, role] of [
      [owner, 'driver'],
      [manager, 'manager'],
      [colleague, 'driver'],
    ] as const)
      await ctx.database.query(
        `INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, $3)`,
        [userId, company!.id, role],
      );
    const bookingId = await paidBooking(owner);
    // Staff have entered the car's VIN in the fleet (the agreement names it).
    const vin = `MR0${randomBytes(7).toString('hex').toUpperCase()}`;
    await ctx.database.query(
      'UPDATE vehicle_units SET vin = $2 WHERE id = (SELECT unit_id FROM bookings WHERE id = $1)',
      [bookingId, vin],
    );
    const photo = await reports().addPhoto(staff, bookingId, 'pickup', await picture());
    await reports().recordPickup(staff, bookingId, pickupBody([photo.id], { depositMethod: 'cash' }), 'en');
    return {
      bookingId,
      vin,
      photoId: photo.id,
      owner,
      others: {
        stranger: customerActor(stranger),
        'company manager': customerActor(manager),
        'company colleague': customerActor(colleague),
        'staff through the customer’s door': customerActor(staff.id),
      } as Record<string, AccessActor>,
      userIds: { stranger, manager, colleague },
    };
  }

  it('gives a report’s photo to the booking’s customer and staff only, re-encoded; another booking’s id finds nothing', async () => {
    const b = await handedOver();
    const own = await reports().photo(customerActor(b.owner), b.bookingId, b.photoId);
    expect((await sharp(own).metadata()).format).toBe('jpeg');
    expect(await reports().photo(staffActor, b.bookingId, b.photoId)).toEqual(own);
    for (const [who, actor] of Object.entries(b.others))
      expect(await failure(reports().photo(actor, b.bookingId, b.photoId)), who).toEqual(notFound('Photo'));
    // The photo under another booking's number, or a photo that is not there: not found, even for staff.
    const other = await handedOver();
    expect(await failure(reports().photo(staffActor, other.bookingId, b.photoId))).toEqual(notFound('Photo'));
    expect(await failure(reports().photo(customerActor(other.owner), other.bookingId, b.photoId))).toEqual(
      notFound('Photo'),
    );
    expect(await failure(reports().photo(staffActor, b.bookingId, 2_000_000_000))).toEqual(notFound('Photo'));
    // A photo sent for the return but in no report yet is nobody's to read.
    const loose = await reports().addPhoto(staff, b.bookingId, 'return', await picture('#33c'));
    expect(await failure(reports().photo(staffActor, b.bookingId, loose.id))).toEqual(notFound('Photo'));
    expect(await failure(reports().photo(customerActor(b.owner), b.bookingId, loose.id))).toEqual(
      notFound('Photo'),
    );
    // A walk-in's booking (no account): staff only.
    const walkIn = await insertBooking(ctx.database, {
      userId: null,
      status: 'confirmed',
      unitId: (await makeCar(ctx.database, 1)).unitIds[0],
    });
    const walkInPhoto = await reports().addPhoto(staff, walkIn.id, 'pickup', await picture());
    await reports().recordPickup(staff, walkIn.id, pickupBody([walkInPhoto.id]), 'en');
    expect(await reports().photo(staffActor, walkIn.id, walkInPhoto.id)).toBeInstanceOf(Buffer);
    expect(await failure(reports().photo(customerActor(b.owner), walkIn.id, walkInPhoto.id))).toEqual(
      notFound('Photo'),
    );
    // Its file gone from the storage: not found, not an empty picture.
    const key = (
      await ctx.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM condition_photos WHERE id = $1',
        [walkInPhoto.id],
      )
    )[0]!.key;
    rmSync(path.join(uploads('carphotos'), key));
    expect(await failure(reports().photo(staffActor, walkIn.id, walkInPhoto.id))).toEqual(notFound('Photo'));
  });

  it('lets only the booking’s customer sign on their phone, staff on theirs as witness, once; the PDF to them and staff only', async () => {
    const b = await handedOver();
    const ink = await signature();
    // Before it is signed, nobody reads an agreement.
    expect(await failure(reports().agreementFile(customerActor(b.owner), b.bookingId))).toEqual(
      notFound('Agreement'),
    );
    expect(await failure(reports().agreementFile(staffActor, b.bookingId))).toEqual(notFound('Agreement'));
    // Nobody else signs it on their phone: the booking is not theirs.
    for (const userId of Object.values(b.userIds))
      expect(
        await failure(reports().signAgreement(b.bookingId, { signature: ink }, { userId }, 'en')),
      ).toEqual(notFound('Booking'));
    expect(
      await failure(reports().signAgreement(b.bookingId, { signature: ink }, { userId: staff.id }, 'en')),
    ).toEqual(notFound('Booking'));
    // An empty pad is no signature.
    const blank = `data:image/png;base64,${(
      await sharp({
        create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    expect(
      await failure(reports().signAgreement(b.bookingId, { signature: blank }, { userId: b.owner }, 'en')),
    ).toEqual(refused('signature', reportMessages.signatureEmpty));

    // Signed on 10 May, 10:30 in Bangkok.
    now = new Date('2031-05-10T03:30:00Z');
    const signed = await reports().signAgreement(b.bookingId, { signature: ink }, { userId: b.owner }, 'en');
    // The main driver's name when none is given.
    expect(signed.agreement).toMatchObject({
      signerName: 'Somchai Jaidee',
      signedAt: '2031-05-10T03:30:00.000Z',
    });
    expect(signed.canSignAgreement).toBe(false);
    expect(
      await failure(reports().signAgreement(b.bookingId, { signature: ink }, { userId: b.owner }, 'en')),
    ).toEqual(conflict(reportMessages.signed));
    expect(await failure(reports().signAgreement(b.bookingId, { signature: ink }, { staff }, 'en'))).toEqual(
      conflict(reportMessages.signed),
    );
    // Signed on the customer's own phone: no witness, not in staff's audit.
    expect((await auditOf(b.bookingId)).map((e) => e.action)).not.toContain('booking.agreement_signed');

    const file = await reports().agreementFile(customerActor(b.owner), b.bookingId);
    expect(file.contentType).toBe('application/pdf');
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(file.content).digest('hex')).toBe(signed.agreement!.sha256);
    const number = (
      await ctx.database.query<{ number: string }>(
        'SELECT booking_number AS number FROM bookings WHERE id = $1',
        [b.bookingId],
      )
    )[0]!.number;
    expect(file.downloadAs).toBe(`rental-agreement-${number}.pdf`);
    expect(await reports().agreementFile(staffActor, b.bookingId)).toEqual(file);
    // It names the car handed over by its plate and its VIN (entered in the fleet before the signing).
    const [unit] = await ctx.database.query<{ plate: string }>(
      'SELECT u.plate FROM bookings b JOIN vehicle_units u ON u.id = b.unit_id WHERE b.id = $1',
      [b.bookingId],
    );
    const paper = pdfText(file.content);
    expect(paper).toContain(unit!.plate);
    expect(paper).toContain(b.vin);
    for (const [who, actor] of Object.entries(b.others))
      expect(await failure(reports().agreementFile(actor, b.bookingId)), who).toEqual(notFound('Agreement'));

    // On staff's phone: the name the customer writes, staff as the witness, audited.
    const c = await handedOver();
    const byStaff = await reports().signAgreement(
      c.bookingId,
      { signature: ink, signerName: 'Li Wei' },
      { staff },
      'en',
    );
    expect(byStaff.agreement).toMatchObject({ signerName: 'Li Wei' });
    expect((await auditOf(c.bookingId)).filter((e) => e.action === 'booking.agreement_signed')).toEqual([
      {
        action: 'booking.agreement_signed',
        actor_id: staff.id,
        after: { signerName: 'Li Wei', sha256: byStaff.agreement!.sha256 },
      },
    ]);
    expect(
      (await reports().agreementFile(customerActor(c.owner), c.bookingId)).content.length,
    ).toBeGreaterThan(0);
    // Its file gone from the storage: not found, for staff too.
    const key = (
      await ctx.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM rental_agreements WHERE booking_id = $1',
        [c.bookingId],
      )
    )[0]!.key;
    // Kept under the booking's id and the start of its SHA-256.
    expect(key).toBe(`${c.bookingId}-${byStaff.agreement!.sha256.slice(0, 16)}.pdf`);
    rmSync(path.join(uploads('agreements'), key));
    expect(await failure(reports().agreementFile(staffActor, c.bookingId))).toEqual(notFound('Agreement'));
  });

  it('a double tap on "Sign" signs once and keeps the signed file', async () => {
    const b = await handedOver();
    const ink = await signature();
    now = new Date('2031-05-10T03:30:00Z');
    // The same pad sent twice at once: the same PDF, to the byte, twice. The one whose insert loses
    // must remove only its own copy, never the file the winner's row points at.
    const tries = await Promise.allSettled([
      reports().signAgreement(b.bookingId, { signature: ink }, { userId: b.owner }, 'en'),
      reports().signAgreement(b.bookingId, { signature: ink }, { userId: b.owner }, 'en'),
    ]);
    const signed = tries.filter((t) => t.status === 'fulfilled');
    const refusedTries = tries.filter((t) => t.status === 'rejected');
    expect(signed).toHaveLength(1);
    expect(refusedTries.map((t) => (t as PromiseRejectedResult).reason.message)).toEqual([
      reportMessages.signed,
    ]);
    const file = await reports().agreementFile(customerActor(b.owner), b.bookingId);
    expect(createHash('sha256').update(file.content).digest('hex')).toBe(
      (signed[0] as PromiseFulfilledResult<{ agreement: { sha256: string } | null }>).value.agreement!.sha256,
    );
    // Nothing left behind: one file of this booking's in the storage.
    expect(readdirSync(uploads('agreements')).filter((f) => f.startsWith(`${b.bookingId}-`))).toHaveLength(1);
  });

  it('signs only a booking handed over: not before its pickup report, and not someone else’s', async () => {
    const owner = await customer();
    const bookingId = await paidBooking(owner);
    const ink = await signature();
    expect(
      await failure(reports().signAgreement(bookingId, { signature: ink }, { userId: owner }, 'en')),
    ).toEqual(conflict(reportMessages.noAgreement));
    expect(await failure(reports().signAgreement(bookingId, { signature: ink }, { staff }, 'en'))).toEqual(
      conflict(reportMessages.noAgreement),
    );
    expect(
      await failure(reports().signAgreement(2_000_000_000, { signature: ink }, { staff }, 'en')),
    ).toEqual(notFound('Booking'));
  });

  it('takes photos for a report not yet written, of a booking that can be handed over, as pictures only', async () => {
    const owner = await customer();
    const bookingId = await paidBooking(owner);
    expect(await failure(reports().addPhoto(staff, 2_000_000_000, 'pickup', await picture()))).toEqual(
      notFound('Booking'),
    );
    // The return's photos wait for the car to be out.
    expect(await failure(reports().addPhoto(staff, bookingId, 'return', await picture()))).toEqual(
      conflict(reportMessages.notActive),
    );
    expect(
      await failure(reports().addPhoto(staff, bookingId, 'pickup', Buffer.from('not a picture'))),
    ).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send a photo of the car (JPEG, PNG or WebP)',
      errors: undefined,
    });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await failure(reports().addPhoto(staff, bookingId, 'pickup', gif))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    const first = await reports().addPhoto(staff, bookingId, 'pickup', png);
    // Kept as a JPEG of at most 1,600 px a side, with who took it.
    const [kept] = await ctx.database.query<{ storage_key: string; taken_by: number }>(
      'SELECT storage_key, taken_by FROM condition_photos WHERE id = $1',
      [first.id],
    );
    expect(kept!.taken_by).toBe(staff.id);
    expect(kept!.storage_key).toMatch(new RegExp(`^${bookingId}-pickup-[0-9a-f-]{36}\\.jpg$`));
    expect(await reports().hasReport(bookingId, 'pickup')).toBe(false);
    // A photo of another kind or of another booking does not count for this report.
    const otherBooking = await paidBooking(await customer());
    const elsewhere = await reports().addPhoto(staff, otherBooking, 'pickup', await picture());
    expect(
      await failure(reports().recordPickup(staff, bookingId, pickupBody([first.id, elsewhere.id]), 'en')),
    ).toEqual(refused('photoIds', reportMessages.photosFirst));

    const out = await reports().recordPickup(staff, bookingId, pickupBody([first.id, first.id]), 'en');
    expect(out.status).toBe('active');
    expect(await reports().hasReport(bookingId, 'pickup')).toBe(true);
    expect(await reports().hasReport(bookingId, 'return')).toBe(false);
    const [{ format, width, height }] = [
      await sharp(await reports().photo(staffActor, bookingId, first.id)).metadata(),
    ];
    expect([format, width, height]).toEqual(['jpeg', 1600, 800]);
    // Written once.
    expect(await failure(reports().addPhoto(staff, bookingId, 'pickup', await picture()))).toEqual(
      conflict(reportMessages.recorded),
    );
    expect(await failure(reports().recordPickup(staff, bookingId, pickupBody([first.id]), 'en'))).toEqual(
      conflict(reportMessages.recorded),
    );
    // The return's may come now: 24 sent at most (twice the 12 a report keeps), the 25th not kept.
    const one = await picture();
    for (let i = 0; i < 24; i++) await reports().addPhoto(staff, bookingId, 'return', one);
    expect(await failure(reports().addPhoto(staff, bookingId, 'return', one))).toEqual(
      conflict('At most 12 photos'),
    );
    expect(
      readdirSync(uploads('carphotos')).filter((f) => f.startsWith(`${bookingId}-return-`)),
    ).toHaveLength(24);
  });

  it('hands over a confirmed booking only (or writes the report of one picked up already), and takes a deposit due', async () => {
    // Not paid yet: not handed over.
    const owner = await customer();
    const unpaid = await insertBooking(ctx.database, {
      userId: owner,
      status: 'awaiting_payment',
      unitId: (await makeCar(ctx.database, 1)).unitIds[0],
    });
    expect(await failure(reports().addPhoto(staff, unpaid.id, 'pickup', await picture()))).toEqual(
      conflict(reportMessages.notConfirmed),
    );
    await ctx.database.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [unpaid.id]);
    expect(await failure(reports().addPhoto(staff, unpaid.id, 'pickup', await picture()))).toEqual(
      conflict(reportMessages.notConfirmed),
    );
    // Nor taken back: the return's photos wait for a car that is out.
    expect(await failure(reports().addPhoto(staff, unpaid.id, 'return', await picture()))).toEqual(
      conflict(reportMessages.notActive),
    );

    // Picked up already with the quick step: the report after the fact, the deposit taken then.
    const bookingId = await paidBooking(owner);
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [bookingId]);
    const photo = await reports().addPhoto(staff, bookingId, 'pickup', await picture());
    const later = await reports().recordPickup(
      staff,
      bookingId,
      pickupBody([photo.id], { depositMethod: 'cash', mileageKm: 15_000 }),
      'en',
    );
    expect(later).toMatchObject({
      status: 'active',
      deposit: { state: 'held', method: 'cash', amount: 500_000 },
    });
    expect((await auditOf(bookingId)).find((e) => e.action === 'booking.pickup_report')).toMatchObject({
      actor_id: staff.id,
      after: { status: 'active', mileageKm: 15_000, photos: 1, depositMethod: 'cash', damageMarks: 0 },
    });
    // A booking back already is not handed over again.
    const done = await paidBooking(owner);
    const p = await reports().addPhoto(staff, done, 'pickup', await picture());
    await ctx.database.query(`UPDATE bookings SET status = 'completed' WHERE id = $1`, [done]);
    expect(await failure(reports().recordPickup(staff, done, pickupBody([p.id]), 'en'))).toEqual(
      conflict(reportMessages.notConfirmed),
    );
    // Confirmed, without a deposit asked: handed over, the deposit still due.
    const plain = await paidBooking(owner);
    const q = await reports().addPhoto(staff, plain, 'pickup', await picture());
    expect(await reports().recordPickup(staff, plain, pickupBody([q.id]), 'en')).toMatchObject({
      status: 'active',
      deposit: { state: 'due' },
    });
  });

  // ---------- the return: charges, the deposit, the tax documents (recordReturn) ----------

  /** Booked back on 12 May 2031 at 10:00 in Bangkok (03:00 UTC); `minutes` after that, as a moment. */
  const afterBookedReturn = (minutes: number) =>
    new Date(Date.parse('2031-05-12T03:00:00Z') + minutes * 60_000);
  const returnBody = (photoIds: number[], extra: object = {}) => ({
    fuelEighths: 6,
    mileageKm: 12_450,
    damage: [],
    notes: '',
    photoIds,
    charges: [],
    ...extra,
  });
  /**
   * A booking of a ฿1,000-a-day car, handed over at 12,000 km with its ฿5,000 deposit taken in cash (not
   * taken: `deposit` false); its category's late-return rule 10 % an hour (none: `lateRule` false); a
   * company buyer for its tax invoice when `buyer`. The return's photo sent.
   */
  async function carOut(options: { lateRule?: boolean; deposit?: boolean; buyer?: boolean } = {}) {
    const owner = await customer();
    const bookingId = await paidBooking(owner);
    if (options.lateRule ?? true)
      await ctx.database.query(
        `INSERT INTO pricing_rules (kind, name, grace_hours, percent, category_ids)
         SELECT 'late', '{"th":"ชั่วโมงเพิ่ม","en":"Extra hours","zh":"超时"}', 1, 10, ARRAY[m.category_id]
         FROM bookings b JOIN car_models m ON m.id = b.car_model_id WHERE b.id = $1`,
        [bookingId],
      );
    if (options.buyer)
      await ctx.database.query(`UPDATE bookings SET tax_buyer = $2::jsonb WHERE id = $1`, [
        bookingId,
        JSON.stringify({
          companyName: 'Dern Thang Co., Ltd.',
          address: '123 ถนนสุขุมวิท',
          subDistrictCode: '103301',
          postcode: '10110',
          taxId: '0105558000006',
          branch: '00000',
        }),
      ]);
    const photo = await reports().addPhoto(staff, bookingId, 'pickup', await picture());
    await reports().recordPickup(
      staff,
      bookingId,
      pickupBody([photo.id], options.deposit === false ? {} : { depositMethod: 'cash' }),
      'en',
    );
    const back = await reports().addPhoto(staff, bookingId, 'return', await picture('#3c3'));
    return { bookingId, owner, pickupPhoto: photo.id, returnPhoto: back.id };
  }
  /** When the pickup's report was written (the database's clock, to the millisecond as JavaScript reads it). */
  const pickupRecordedAt = async (bookingId: number) => {
    const [pickup] = await ctx.database.query<{ at: string }>(
      `SELECT recorded_at::text AS at FROM condition_reports WHERE booking_id = $1 AND kind = 'pickup'`,
      [bookingId],
    );
    return new Date(pickup!.at);
  };
  const returnRecord = async (bookingId: number) => {
    const [row] = await ctx.database.query<{ status: string; returned: string | null; charges: number }>(
      `SELECT status, to_char(returned_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD HH24:MI') AS returned,
         (SELECT count(*)::int FROM booking_charges c WHERE c.booking_id = b.id) AS charges
       FROM bookings b WHERE id = $1`,
      [bookingId],
    );
    return { ...row!, returnReport: await reports().hasReport(bookingId, 'return') };
  };

  it('charges a car back 20 h late one day’s price, not two, keeps it and staff’s charges from the deposit, and says why', async () => {
    const b = await carOut();
    // Back at 06:00 the next morning, 20 hours after the booked 10:00: 20 started hours at 10 % of
    // ฿1,000 would be ฿2,000; a late day costs at most its price, ฿1,000. Cleaning ฿300 on top.
    now = afterBookedReturn(20 * 60);
    const back = await reports().recordReturn(
      staff,
      b.bookingId,
      returnBody([b.returnPhoto], {
        damage: [{ x: 70, y: 60, type: 'dent', note: 'rear door' }],
        charges: [{ kind: 'cleaning', amount: 300, note: 'sand' }],
      }),
      'en',
    );
    expect(back).toMatchObject({
      status: 'completed',
      charges: [
        { kind: 'late', amount: 100_000, hours: 20, note: '' },
        { kind: 'cleaning', amount: 30_000, hours: null, note: 'sand' },
      ],
      chargesTotal: 130_000,
      deposit: {
        state: 'partly_released',
        amount: 500_000,
        kept: 130_000,
        keptReason: 'late 20 h; cleaning (sand)',
      },
    });
    expect(await returnRecord(b.bookingId)).toEqual({
      status: 'completed',
      returned: '2031-05-13 06:00',
      charges: 2,
      returnReport: true,
    });
    // Staff's record of both: who, what it was before, and the car handed over.
    const before = await ctx.database.query<{ action: string; before: unknown }>(
      `SELECT action, before FROM audit_log WHERE entity = 'booking' AND entity_id = $1
         AND (action LIKE '%_report' OR action = 'booking.deposit_released') ORDER BY id`,
      [String(b.bookingId)],
    );
    expect(before).toEqual([
      { action: 'booking.pickup_report', before: { status: 'confirmed' } },
      { action: 'booking.return_report', before: { status: 'active' } },
      // The deposit is settled once the booking is completed: its entry's `before` says so.
      { action: 'booking.deposit_released', before: { status: 'completed' } },
    ]);
    const unitId = (
      await ctx.database.query<{ unit_id: number }>('SELECT unit_id FROM bookings WHERE id = $1', [
        b.bookingId,
      ])
    )[0]!.unit_id;
    const log = await auditOf(b.bookingId);
    expect(log.find((e) => e.action === 'booking.pickup_report')?.after).toMatchObject({
      unitId,
      depositMethod: 'cash',
    });
    expect(log.find((e) => e.action === 'booking.return_report')).toEqual({
      action: 'booking.return_report',
      actor_id: staff.id,
      after: {
        status: 'completed',
        returnedAt: '2031-05-12T23:00:00.000Z',
        fuelEighths: 6,
        mileageKm: 12_450,
        newDamageMarks: 1,
        charges: [
          { kind: 'late', amount: 100_000, hours: 20, note: '' },
          { kind: 'cleaning', amount: 30_000, hours: null, note: 'sand' },
        ],
      },
    });
    expect(log.find((e) => e.action === 'booking.deposit_released')).toEqual({
      action: 'booking.deposit_released',
      actor_id: staff.id,
      after: { status: 'completed', depositKept: 1300, reason: 'late 20 h; cleaning (sand)' },
    });
    // The customer is mailed what was charged and taken from the deposit.
    const email = (
      await ctx.database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [b.owner])
    )[0]!.email;
    const mail = (await sentMails({ services, settings })).find(
      (m) => m.to.includes(email) && m.subject.startsWith('Your car is back with us: '),
    );
    expect(mail?.text).toContain('Late return (20 h)');
    expect(mail?.text).toContain('Cleaning, sand');
    expect(mail?.text).toContain('Taken from the deposit');
    // Back once: a second report is refused and charges nothing more.
    expect(
      await failure(reports().recordReturn(staff, b.bookingId, returnBody([b.returnPhoto]), 'en')),
    ).toEqual(conflict('Only an active booking can be returned'));
    expect((await returnRecord(b.bookingId)).charges).toBe(2);
  });

  it('prices the lateness at the moment staff say the car came back, by the car’s own rule, or a day’s price without one', async () => {
    // Written 30 hours after the booked return, the car back at 13:10, 3 h 10 min late: four started
    // hours at 10 % of ฿1,000 = ฿400 (the moment of writing would make it a day and six hours).
    const ruled = await carOut();
    now = afterBookedReturn(30 * 60);
    const late = await reports().recordReturn(
      staff,
      ruled.bookingId,
      returnBody([ruled.returnPhoto], { returnedAt: afterBookedReturn(3 * 60 + 10).toISOString() }),
      'en',
    );
    expect(late).toMatchObject({
      charges: [{ kind: 'late', amount: 40_000, hours: 4, note: '' }],
      chargesTotal: 40_000,
      deposit: { state: 'partly_released', kept: 40_000, keptReason: 'late 4 h' },
    });
    expect((await returnRecord(ruled.bookingId)).returned).toBe('2031-05-12 13:10');

    // No late-return rule for the car: 31 minutes late, past the courtesy half hour, is a started day: ฿1,000.
    const unruled = await carOut({ lateRule: false });
    now = afterBookedReturn(31);
    expect(
      await reports().recordReturn(staff, unruled.bookingId, returnBody([unruled.returnPhoto]), 'en'),
    ).toMatchObject({
      charges: [{ kind: 'late', amount: 100_000, hours: 1, note: '' }],
      deposit: { state: 'partly_released', kept: 100_000, keptReason: 'late 1 h' },
    });

    // Back 30 minutes after the booked time, within the courtesy: nothing charged, the whole deposit back.
    const onTime = await carOut();
    now = afterBookedReturn(30);
    expect(
      await reports().recordReturn(staff, onTime.bookingId, returnBody([onTime.returnPhoto]), 'en'),
    ).toMatchObject({
      status: 'completed',
      charges: [],
      chargesTotal: 0,
      deposit: { state: 'released', kept: 0, keptReason: null },
    });
    expect((await auditOf(onTime.bookingId)).find((e) => e.action === 'booking.deposit_released')).toEqual({
      action: 'booking.deposit_released',
      actor_id: staff.id,
      after: { status: 'completed', depositKept: 0, reason: null },
    });
  });

  it('refuses a return before its pickup, in the future, with the odometer turned back or charges over the deposit held, and writes nothing then', async () => {
    const b = await carOut();
    // A day early: 11 May, 10:00 in Bangkok.
    now = afterBookedReturn(-24 * 60);
    const attempt = (extra: object, photoIds = [b.returnPhoto]) =>
      failure(reports().recordReturn(staff, b.bookingId, returnBody(photoIds, extra), 'en'));
    expect(await attempt({ returnedAt: new Date(now.getTime() + 60_001).toISOString() })).toEqual(
      refused('returnedAt', reportMessages.returnedAt),
    );
    const pickedUpAt = (await pickupRecordedAt(b.bookingId)).getTime();
    expect(await attempt({ returnedAt: new Date(pickedUpAt - 1).toISOString() })).toEqual(
      refused('returnedAt', reportMessages.returnedAt),
    );
    expect(await attempt({ mileageKm: 11_999 })).toEqual(refused('mileageKm', reportMessages.mileageBack));
    // ฿4,601 and ฿400: ฿5,001 against the ฿5,000 held.
    expect(
      await attempt({
        charges: [
          { kind: 'damage', amount: 4_601, note: 'door' },
          { kind: 'cleaning', amount: 400, note: '' },
        ],
      }),
    ).toEqual(refused('charges', reportMessages.chargesOverDeposit));
    // A pickup photo is not the return's.
    expect(await attempt({}, [b.pickupPhoto])).toEqual(refused('photoIds', reportMessages.photosFirst));
    expect(await returnRecord(b.bookingId)).toEqual({
      status: 'active',
      returned: null,
      charges: 0,
      returnReport: false,
    });
    expect((await auditOf(b.bookingId)).map((e) => e.action)).not.toContain('booking.return_report');

    // Each limit itself is allowed: a minute ahead of the clock, the pickup's odometer, the whole deposit.
    const back = await reports().recordReturn(
      staff,
      b.bookingId,
      returnBody([b.returnPhoto], {
        returnedAt: new Date(now.getTime() + 60_000).toISOString(),
        mileageKm: 12_000,
        charges: [{ kind: 'damage', amount: 5_000, note: 'door' }],
      }),
      'en',
    );
    expect(back).toMatchObject({
      status: 'completed',
      chargesTotal: 500_000,
      deposit: { kept: 500_000, keptReason: 'damage (door)' },
    });
    expect((await returnRecord(b.bookingId)).returned).toBe('2031-05-11 10:01');
    // Back at the very moment of its pickup report (to the millisecond): allowed.
    const c = await carOut();
    expect(
      await reports().recordReturn(
        staff,
        c.bookingId,
        returnBody([c.returnPhoto], { returnedAt: (await pickupRecordedAt(c.bookingId)).toISOString() }),
        'en',
      ),
    ).toMatchObject({ status: 'completed' });
  });

  it('asks for the pickup report first, and charges past a deposit never taken, leaving it due', async () => {
    // Handed over with the quick step and no report: the return waits for the pickup's.
    const owner = await customer();
    const quick = await paidBooking(owner);
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [quick]);
    const photo = await reports().addPhoto(staff, quick, 'return', await picture());
    now = afterBookedReturn(0);
    expect(await failure(reports().recordReturn(staff, quick, returnBody([photo.id]), 'en'))).toEqual(
      conflict(reportMessages.pickupFirst),
    );
    expect(await returnRecord(quick)).toEqual({
      status: 'active',
      returned: null,
      charges: 0,
      returnReport: false,
    });

    // No deposit held: ฿6,000 of damage is charged all the same (settled at the counter), the deposit still due.
    // Nothing is asked of the deposit, so nothing fails and is logged (a release of a deposit not held would be).
    const b = await carOut({ deposit: false });
    now = afterBookedReturn(0);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let logged: unknown[][] = [];
    const back = await reports()
      .recordReturn(
        staff,
        b.bookingId,
        returnBody([b.returnPhoto], { charges: [{ kind: 'damage', amount: 6_000, note: 'mirror' }] }),
        'en',
      )
      .finally(() => {
        logged = [...spy.mock.calls];
        spy.mockRestore();
      });
    expect(logged).toEqual([]);
    expect(back).toMatchObject({
      status: 'completed',
      charges: [{ kind: 'damage', amount: 600_000, hours: null, note: 'mirror' }],
      chargesTotal: 600_000,
      deposit: { state: 'due', kept: 0 },
    });
    expect((await auditOf(b.bookingId)).map((e) => e.action)).not.toContain('booking.deposit_released');
  });

  it('puts a late return’s services on a debit note when the tax invoice was issued; damage and an on-time return none', async () => {
    const b = await carOut({ buyer: true });
    await services.documents.taxInvoice(staffActor, b.bookingId, 'xml');
    // 3 h 10 min late: ฿400; fuel ฿500 — services, ฿900 on a debit note; the mirror is compensation.
    now = afterBookedReturn(3 * 60 + 10);
    const back = await reports().recordReturn(
      staff,
      b.bookingId,
      returnBody([b.returnPhoto], {
        charges: [
          { kind: 'fuel', amount: 500, note: '' },
          { kind: 'damage', amount: 1_000, note: 'mirror' },
        ],
      }),
      'en',
    );
    expect(back.chargesTotal).toBe(190_000);
    expect(back.taxInvoice?.notes).toEqual([expect.objectContaining({ kind: 'debit', total: 90_000 })]);

    const onTime = await carOut({ buyer: true });
    await services.documents.taxInvoice(staffActor, onTime.bookingId, 'xml');
    now = afterBookedReturn(0);
    const plain = await reports().recordReturn(
      staff,
      onTime.bookingId,
      returnBody([onTime.returnPhoto]),
      'en',
    );
    expect(plain.taxInvoice?.notes).toEqual([]);
  });

  it('takes a drawn signature only as a PNG with ink on it', async () => {
    const b = await handedOver();
    const png = async (image: Sharp) =>
      `data:image/png;base64,${(await image.png().toBuffer()).toString('base64')}`;
    const pad = (background: Color, width = 300, height = 100) =>
      sharp({
        create: {
          width,
          height,
          channels: background === 'transparent' ? 4 : 3,
          background: background === 'transparent' ? { r: 0, g: 0, b: 0, alpha: 0 } : background,
        },
      });
    const stroke = (colour: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="${colour}" stroke-width="4" fill="none"/></svg>`,
      );
    const sign = (signature: string) =>
      reports().signAgreement(b.bookingId, { signature }, { userId: b.owner }, 'en');
    const empty = refused('signature', reportMessages.signatureEmpty);
    // A white pad, a grey one (128: not dark), a JPEG of ink, a picture too large, and no picture at all.
    expect(await failure(sign(await png(pad('#ffffff'))))).toEqual(empty);
    expect(await failure(sign(await png(pad({ r: 128, g: 128, b: 128 }))))).toEqual(empty);
    const jpeg = await pad('#ffffff')
      .composite([{ input: stroke('#000') }])
      .jpeg()
      .toBuffer();
    expect(await failure(sign(`data:image/png;base64,${jpeg.toString('base64')}`))).toEqual(empty);
    expect(
      await failure(sign(await png(pad('transparent', 2001, 2000).composite([{ input: stroke('#000') }])))),
    ).toEqual(empty);
    expect(await failure(sign('data:image/png;base64,bm90IGEgcGljdHVyZQ=='))).toEqual(empty);
    expect(
      await reports()
        .agreementFile(staffActor, b.bookingId)
        .catch(() => null),
    ).toBeNull();
    // Red ink on a white pad: only its green and blue are dark. Signed.
    const signed = await sign(await png(pad('#ffffff').composite([{ input: stroke('#f00') }])));
    expect(signed.agreement).toMatchObject({ signerName: 'Somchai Jaidee' });
    // Black ink on a white pad saved without an alpha channel (an RGB PNG): ink all the same. Signed.
    const rgb = await handedOver();
    const inked = await png(
      pad('#ffffff')
        .composite([{ input: stroke('#000') }])
        .removeAlpha(),
    );
    expect((await sharp(Buffer.from(inked.split(',')[1]!, 'base64')).metadata()).channels).toBe(3);
    expect(
      (await reports().signAgreement(rgb.bookingId, { signature: inked }, { userId: rgb.owner }, 'en'))
        .agreement,
    ).toMatchObject({ signerName: 'Somchai Jaidee' });
  });

  it('keeps a photo upright and no larger than sent, from JPEG, PNG, WebP or HEIF (AVIF), and refuses a broken file', async () => {
    const bookingId = await paidBooking(await customer());
    const add = (content: Buffer) => reports().addPhoto(staff, bookingId, 'pickup', content);
    const stored = async (id: number) => {
      const [row] = await ctx.database.query<{ storage_key: string; size: number }>(
        'SELECT storage_key, size FROM condition_photos WHERE id = $1',
        [id],
      );
      const file = readFileSync(path.join(uploads('carphotos'), row!.storage_key));
      const { format, width, height, orientation } = await sharp(file).metadata();
      return { format, width, height, orientation, sizeIsTheFile: row!.size === file.length };
    };
    const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } });
    // A phone's portrait photo: stored landscape pixels with "turn 90°" in its EXIF, kept turned.
    const portrait = await add(await base().jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(await stored(portrait.id)).toEqual({
      format: 'jpeg',
      width: 48,
      height: 64,
      orientation: undefined,
      sizeIsTheFile: true,
    });
    // Small pictures are not blown up; WebP and AVIF (read as HEIF) are taken and kept as JPEG.
    for (const content of [await base().webp().toBuffer(), await base().avif().toBuffer()])
      expect(await stored((await add(content)).id)).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // A tall picture fits inside 1,600 px, not cropped to a square.
    const tall = await sharp({ create: { width: 1200, height: 2400, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    expect(await stored((await add(tall)).id)).toMatchObject({ width: 800, height: 1600 });
    // A photo cut off half way (a dropped upload) is refused, not kept half grey.
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#33c' } })
      .jpeg()
      .toBuffer();
    expect(await failure(add(whole.subarray(0, Math.floor(whole.length / 2))))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});
