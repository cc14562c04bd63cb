import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { pdfRenders } from '../../lib/metrics';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

const company = {
  companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
  address: '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
  subDistrictCode: '103301',
  postcode: '10110',
  taxId: '0105558000006',
  branch: '00000',
};

/** PDFs the worker threads wrote so far, of one kind (the process's own metric). */
async function written(kind: string): Promise<number> {
  const metric = await pdfRenders.get();
  return metric.values.find((v) => v.labels.kind === kind && v.labels.result === 'written')?.value ?? 0;
}

/**
 * Documents are cheap to serve (issue 31, part 3; docs/decisions/3103): an issued tax document is
 * written once and kept in the file store, a receipt is written on a worker thread and only for a
 * paid booking, and one person's downloads are limited, whatever address they come from.
 */
describeEachDatabase('documents are cheap to serve', (ctx) => {
  let app: App;
  /** Three downloads a minute per person; no PDF may wait for the worker. */
  let limited: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    limited = await buildTestApp(ctx.database, {
      settings: testSettings({ DOCUMENT_DOWNLOADS_PER_MINUTE: '3', PDF_QUEUE_MAX: '0', PDF_WORKERS: '1' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await limited.close();
  });

  const book = async (
    on: App,
    headers: Record<string, string>,
    car: { carModelId: number; branchCode: string },
    extra: object,
  ) => {
    const made = await createBooking(on, headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().response.data.booking as { id: number; bookingNumber: string };
  };
  const paidByCard = { paymentMethod: 'card', cardToken: goodCardToken };
  const kept = (on: App, name: string) => path.join(on.settings.dataDir, 'uploads', 'documents', name);

  it('writes a tax invoice and its credit note once, keeps them, and serves the kept bytes after', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const booking = await book(app, customer.headers, car, { ...paidByCard, taxInvoice: company });
    const invoiceUrl = `/api/v1/auth/bookings/${booking.id}/tax-invoice`;

    const before = await written('tax-invoice');
    const first = await app.inject({ url: invoiceUrl, headers: customer.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const number = /tax-invoice-(.+)\.pdf/.exec(first.headers['content-disposition'] as string)![1]!;
    // Kept in the file store, as sent.
    const file = kept(app, `tax-invoice-${number}.pdf`);
    expect(readFileSync(file).equals(first.rawPayload)).toBe(true);
    const second = await app.inject({ url: invoiceUrl, headers: customer.headers });
    expect(second.statusCode).toBe(200);
    // Written once: the same bytes (a second writing differs in its font subsets' names), one PDF written.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await written('tax-invoice')) - before).toBe(1);

    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const note = cancelled.json().response.data.taxInvoice.notes[0].number as string;
    const noteUrl = `/api/v1/auth/bookings/${booking.id}/tax-notes/${note}`;
    const notesBefore = await written('tax-note');
    const noteFirst = await app.inject({ url: noteUrl, headers: customer.headers });
    expect(noteFirst.statusCode, noteFirst.body).toBe(200);
    expect(noteFirst.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const noteSecond = await app.inject({ url: noteUrl, headers: customer.headers });
    expect(noteSecond.rawPayload.equals(noteFirst.rawPayload)).toBe(true);
    expect(readFileSync(kept(app, `tax-note-${note}.pdf`)).equals(noteFirst.rawPayload)).toBe(true);
    expect((await written('tax-note')) - notesBefore).toBe(1);
    // The invoice itself is still the one kept before the cancellation.
    const third = await app.inject({ url: invoiceUrl, headers: customer.headers });
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('two downloads at once of a new invoice write it once', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const booking = await book(app, customer.headers, car, { ...paidByCard, taxInvoice: company });
    const url = `/api/v1/auth/bookings/${booking.id}/tax-invoice`;
    const before = await written('tax-invoice');
    const [a, b] = await Promise.all([
      app.inject({ url, headers: customer.headers }),
      app.inject({ url, headers: customer.headers }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect((await written('tax-invoice')) - before).toBe(1);
  });

  it('refuses a receipt before payment, in the customer’s language; a paid one is a PDF from the worker', async () => {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const unpaid = await book(app, customer.headers, car, { paymentMethod: 'bank_transfer' });
    const refused = await app.inject({
      url: `/api/v1/auth/bookings/${unpaid.id}/receipt?lng=th`,
      headers: customer.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      msg: 'ใบเสร็จรับเงินออกให้เมื่อชำระเงินการจองนี้แล้ว',
    });
    const zh = await app.inject({
      url: `/api/v1/auth/bookings/${unpaid.id}/receipt?lng=zh`,
      headers: customer.headers,
    });
    expect(zh.json().msg).toBe('预订付款后才会开具收据');

    const payer = await makeCustomer(app);
    const paid = await book(app, payer.headers, car, paidByCard);
    const before = await written('receipt');
    const receipt = await app.inject({
      url: `/api/v1/auth/bookings/${paid.id}/receipt?lng=th`,
      headers: payer.headers,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await written('receipt')) - before).toBe(1);
  });

  it('limits one person’s downloads from any address, with a 429 in their language; others go on', async () => {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(limited);
    const booking = await book(limited, customer.headers, car, { ...paidByCard, taxInvoice: company });
    const urls = ['receipt', 'tax-invoice', 'receipt', 'tax-invoice'].map(
      (doc) => `/api/v1/auth/bookings/${booking.id}/${doc}?lng=th`,
    );
    // Each from an address of its own: the limit follows the person, not the address.
    const answers: Awaited<ReturnType<App['inject']>>[] = [];
    for (const [i, url] of urls.entries())
      answers.push(
        await limited.inject({ url, headers: customer.headers, remoteAddress: `198.51.100.${i + 1}` }),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      msg: 'มีคำขอมากเกินไป กรุณาลองใหม่ในอีก 1 นาที',
    });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(answers[3]!.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Someone else at the same address as the last download is not held back by it.
    const other = await makeCustomer(limited);
    const theirs = await book(limited, other.headers, car, paidByCard);
    const res = await limited.inject({
      url: `/api/v1/auth/bookings/${theirs.id}/receipt`,
      headers: other.headers,
      remoteAddress: '198.51.100.4',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('turns a receipt away with 503 in the customer’s language when the PDF writer’s queue is full', async () => {
    const car = await makeCar(ctx.database, 3);
    const customers = await Promise.all([1, 2, 3].map(() => makeCustomer(limited)));
    const bookings: { id: number }[] = [];
    for (const c of customers) bookings.push(await book(limited, c.headers, car, paidByCard));
    const answers = await Promise.all(
      customers.map((c, i) =>
        limited.inject({
          url: `/api/v1/auth/bookings/${bookings[i]!.id}/receipt?lng=th`,
          headers: c.headers,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    // One writer, no queue: the first is written, the ones that come while it writes are turned away.
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(503);
    const busy = answers.find((a) => a.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: 'ขณะนี้มีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกไม่กี่วินาที หน้านี้จะโหลดใหม่เอง',
    });
  });
});
