import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import {
  createBooking,
  daysFromNow,
  driver,
  goodCardToken,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';
import { csvCell } from '../../lib/csv';

/**
 * Reports for the owner (issue 18, part 6): what the fleet was booked, what it earned by branch, model
 * and channel, what was cancelled or not picked up, what slips wait — for admins only, and as CSV.
 */
describeEachDatabase('reports for the owner', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  let clockAt: Date | null = null;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: { now: () => clockAt ?? new Date() } });
    await app.ready();
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const report = (query: string, headers = auth.admin) =>
    app.inject({ url: `/api/v1/admin/reports?${query}`, headers });

  it('counts the fleet booked, revenue by branch, model and channel, cancellations, no-shows and slips', async () => {
    const car = await makeCar(ctx.database, 2);
    const trip = { carModelId: car.carModelId, branchCode: car.branchCode };
    // Online, paid by card: days 2 to 4 (฿1,000 a day: 2 days).
    const online = await makeCustomer(app);
    const paid = await createBooking(app, online.headers, {
      ...trip,
      pickupDate: daysFromNow(2),
      returnDate: daysFromNow(4),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // At the counter, paid in cash: days 3 to 4.
    const walkIn = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/bookings',
      headers: auth.staff,
      payload: {
        ...trip,
        pickupDate: daysFromNow(3),
        returnDate: daysFromNow(4),
        driver,
        paymentMethod: 'cash',
        paid: true,
      },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    // A transfer waiting for staff with its slip; then one the customer cancels.
    const waiting = await makeCustomer(app);
    const unpaid = await createBooking(app, waiting.headers, {
      ...trip,
      pickupDate: daysFromNow(6),
      returnDate: daysFromNow(7),
      paymentMethod: 'bank_transfer',
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const unpaidId = unpaid.json().response.data.booking.id;
    expect((await uploadSlip(app, waiting.headers, unpaidId, await slipPicture())).statusCode).toBe(200);
    const leaving = await makeCustomer(app);
    const cancelled = await createBooking(app, leaving.headers, {
      ...trip,
      pickupDate: daysFromNow(8),
      returnDate: daysFromNow(9),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancelledId = cancelled.json().response.data.booking.id;
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${cancelledId}/cancel`,
      headers: leaving.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await report(`from=${daysFromNow(1)}&to=${daysFromNow(10)}&lng=en`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().response.data;
    const b = r.fleetUse.branches.findIndex((x: { code: string }) => x.code === car.branchCode);
    expect(r.fleetUse.branches[b]).toMatchObject({ units: 2 });
    expect(r.fleetUse.days).toHaveLength(10);
    const bookedOn = (n: number) =>
      r.fleetUse.days.find((d: { date: string }) => d.date === daysFromNow(n)).booked[b];
    expect([1, 2, 3, 4, 5].map(bookedOn)).toEqual([0, 1, 2, 2, 0]);
    // 5 unit-days of 20.
    expect(r.fleetUse.utilisation[b]).toBe(25);

    const branchRow = r.revenue.byBranch.find((x: { key: string }) => x.key === car.branchCode);
    expect(branchRow).toMatchObject({ bookings: 2, revenue: 300_000, charges: 0 });
    expect(r.revenue.byModel.find((x: { key: string }) => x.key === String(car.carModelId))).toMatchObject({
      bookings: 2,
      revenue: 300_000,
    });
    expect(r.revenue.byModel.find((x: { key: string }) => x.key === String(car.carModelId)).label).toMatch(
      /^Toyota Test/,
    );
    const channels = Object.fromEntries(
      r.revenue.byChannel.map((c: { key: string; bookings: number }) => [c.key, c.bookings]),
    );
    expect(channels.counter).toBeGreaterThanOrEqual(1);
    expect(channels.online).toBeGreaterThanOrEqual(1);
    expect(r.cancellations.byCustomer).toBeGreaterThanOrEqual(1);
    expect(r.slipsWaiting.map((s: { bookingId: number }) => s.bookingId)).toContain(unpaidId);

    // Days later, the paid booking that was never picked up is a no-show.
    clockAt = new Date(Date.now() + 6 * 86_400_000);
    try {
      const later = (await report(`from=${daysFromNow(1)}&to=${daysFromNow(10)}`)).json().response.data;
      expect(later.cancellations.noShows).toBeGreaterThanOrEqual(2);
    } finally {
      clockAt = null;
    }

    // CSV: the same rows, UTF-8 with a BOM, a file name; admins only.
    const csv = await app.inject({
      url: `/api/v1/admin/reports/csv/revenue-by-branch?from=${daysFromNow(1)}&to=${daysFromNow(10)}`,
      headers: auth.admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`siam-drive-revenue-by-branch-${daysFromNow(1)}`);
    expect(csv.body.startsWith('\uFEFFkey,name,bookings,revenue_thb,charges_thb\r\n')).toBe(true);
    expect(csv.body).toContain(`${car.branchCode},Branch `);
    expect(csv.body).toContain(',2,3000.00,0.00');
    for (const table of [
      'fleet-use',
      'revenue-by-model',
      'revenue-by-channel',
      'cancellations',
      'slips-waiting',
    ])
      expect(
        (
          await app.inject({
            url: `/api/v1/admin/reports/csv/${table}?from=${daysFromNow(1)}&to=${daysFromNow(2)}`,
            headers: auth.admin,
          })
        ).statusCode,
      ).toBe(200);
  });

  it('lists the tax invoices issued in the range as the output-tax report, and as CSV', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const company = {
      companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
      address: '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
      subDistrictCode: '103301',
      postcode: '10110',
      taxId: '0105558000006',
      branch: '00001',
    };
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(12),
      returnDate: daysFromNow(14),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      taxInvoice: company,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().response.data.booking.id;
    const pdf = await app.inject({
      url: `/api/v1/auth/bookings/${id}/tax-invoice`,
      headers: customer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const today = daysFromNow(0);
    const r = (await report(`from=${today}&to=${today}`)).json().response.data;
    const invoice = r.taxInvoices.find((i: { bookingId: number }) => i.bookingId === id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      issuedOn: today,
      branchCode: car.branchCode,
      buyerName: company.companyName,
      buyerTaxId: company.taxId,
      buyerBranch: '00001',
      total: 200_000,
      vat: 13_084,
      net: 186_916,
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]+-\d{4}-000001$/);
    // Not in a range that ends before today.
    const before = (await report(`from=${daysFromNow(-3)}&to=${daysFromNow(-1)}`)).json().response.data;
    expect(before.taxInvoices.some((i: { bookingId: number }) => i.bookingId === id)).toBe(false);
    const csv = await app.inject({
      url: `/api/v1/admin/reports/csv/tax-invoices?from=${today}&to=${today}`,
      headers: auth.admin,
    });
    expect(csv.body).toContain(
      `${today},invoice,${invoice.number},${car.branchCode},${company.companyName},${company.taxId},00001,1869.16,130.84,2000.00`,
    );
    // Cancelled free of charge: its credit note is listed too, negative (it reduces the output tax).
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${id}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const withNote = (await report(`from=${today}&to=${today}`)).json().response.data;
    const note = withNote.taxInvoices.find(
      (i: { bookingId: number; kind: string }) => i.bookingId === id && i.kind === 'credit',
    );
    expect(note).toMatchObject({ total: -200_000, vat: -13_084, net: -186_916, buyerTaxId: company.taxId });
    expect(note.number).toMatch(/^CN-/);
    const csvWithNote = await app.inject({
      url: `/api/v1/admin/reports/csv/tax-invoices?from=${today}&to=${today}`,
      headers: auth.admin,
    });
    expect(csvWithNote.body).toContain(`${today},credit,${note.number},${car.branchCode},`);
    expect(csvWithNote.body).toContain(',-1869.16,-130.84,-2000.00');
  });

  it('refuses a range backwards or longer than a year, and anyone but admins', async () => {
    const backwards = await report(`from=${daysFromNow(5)}&to=${daysFromNow(1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('to');
    expect((await report(`from=2025-01-01&to=2026-06-01`)).statusCode).toBe(400);
    expect((await report(`from=2026-02-30&to=2026-03-01`)).statusCode).toBe(400);
    expect((await report(`from=${daysFromNow(1)}&to=${daysFromNow(2)}`, auth.staff)).statusCode).toBe(403);
    expect((await report(`from=${daysFromNow(1)}&to=${daysFromNow(2)}`, auth.customer)).statusCode).toBe(403);
    expect(
      (await app.inject({ url: `/api/v1/admin/reports?from=${daysFromNow(1)}&to=${daysFromNow(2)}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          url: `/api/v1/admin/reports/csv/nope?from=${daysFromNow(1)}&to=${daysFromNow(2)}`,
          headers: auth.admin,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('writes CSV cells a spreadsheet cannot run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+66 81')).toBe(`'+66 81`);
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('สาขาสุวรรณภูมิ')).toBe('สาขาสุวรรณภูมิ');
    expect(csvCell(-5)).toBe('-5');
  });
});
