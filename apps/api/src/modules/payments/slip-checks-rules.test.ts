import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { slipPicture, slipQrPayload } from '../../../test/slip-provider-stand-in';
import { checkSlip, judgeTransfer, sniffSlipType } from './slip-checks';
import type { SlipVerification } from './slip-verifier';

/**
 * The slip rules on their own, with no database (issue 32: a test per rule with literal values, fast
 * enough for mutation runs): what file is a slip worth a person's look, and when the transfer a bank
 * reports pays for a booking. slip-verification.test.ts pins the same through the API on both databases.
 */

/** What checkSlip threw: its code and message, or 'accepted'. */
async function refusal(content: Buffer) {
  try {
    await checkSlip(content);
    return 'accepted';
  } catch (error) {
    const e = error as { code?: string; message: string; errors?: unknown };
    return { code: e.code, message: e.message, errors: e.errors };
  }
}

const NOT_A_SLIP =
  'This file is not a readable slip. Upload the picture or PDF of the slip from your bank app';
const NO_QR =
  "We could not find the bank's QR code on this slip. Upload the whole slip your bank app showed after the transfer";
const invalid = {
  code: 'SLIP_INVALID',
  message: NOT_A_SLIP,
  errors: [{ path: 'file', message: NOT_A_SLIP }],
};

/** A PDF as a bank sends one, padded to `size` bytes; its last 1,024 bytes hold `tail`. */
function pdf(size: number, { page = '/Page', tail = '%%EOF\n' } = {}) {
  const head = `%PDF-1.7\n1 0 obj << /Type ${page} >> endobj\n`;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    Buffer.alloc(size - head.length - tail.length, 0x20),
    Buffer.from(tail, 'latin1'),
  ]);
}

/** A plain picture with nothing on it (large ones: a white PNG of a few KB). */
const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .png()
    .toBuffer();

/** A small picture of grey noise: well over 1 KB, so only its size can be what is refused. */
const noise = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
};

describe('a slip file', () => {
  it('is known by its first bytes, whatever the browser says', () => {
    const bytes = (...b: number[]) => Buffer.from(b);
    expect(sniffSlipType(bytes(0xff, 0xd8, 0xff))).toEqual({ contentType: 'image/jpeg', ext: 'jpg' });
    expect(sniffSlipType(bytes(0xff, 0xd8, 0xfe))).toBeNull();
    expect(sniffSlipType(bytes(0xfe, 0xd8, 0xff))).toBeNull();
    expect(sniffSlipType(bytes(0xff, 0xd9, 0xff))).toBeNull();
    expect(sniffSlipType(bytes(0xff, 0xd8))).toBeNull();
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(sniffSlipType(png)).toEqual({ contentType: 'image/png', ext: 'png' });
    expect(sniffSlipType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b))).toBeNull();
    expect(sniffSlipType(png.subarray(0, 7))).toBeNull();
    expect(sniffSlipType(Buffer.from('RIFF\x10\x00\x00\x00WEBP', 'latin1'))).toEqual({
      contentType: 'image/webp',
      ext: 'webp',
    });
    expect(sniffSlipType(Buffer.from('RIFF\x10\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(sniffSlipType(Buffer.from('RIFX\x10\x00\x00\x00WEBP', 'latin1'))).toBeNull();
    expect(sniffSlipType(Buffer.from('RIFF\x10\x00\x00\x00WEB', 'latin1'))).toBeNull();
    expect(sniffSlipType(Buffer.from('%PDF-', 'latin1'))).toEqual({
      contentType: 'application/pdf',
      ext: 'pdf',
    });
    expect(sniffSlipType(Buffer.from('%PDF', 'latin1'))).toBeNull();
    expect(sniffSlipType(Buffer.from('%PDX-', 'latin1'))).toBeNull();
    expect(sniffSlipType(Buffer.alloc(0))).toBeNull();
  });

  it('is a PDF of 1 KB to 5 MB that ends as a PDF does and has a page; anything else is refused', async () => {
    // 5 MB = 5,242,880 bytes: the largest taken; one byte more is too large.
    expect(await checkSlip(pdf(5_242_880))).toEqual({ contentType: 'application/pdf', ext: 'pdf', qr: null });
    expect(await refusal(pdf(5_242_881))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The slip must be at most 5 MB',
      errors: undefined,
    });
    // 1 KB = 1,024 bytes: the smallest taken.
    expect(await checkSlip(pdf(1024))).toMatchObject({ ext: 'pdf' });
    expect(await refusal(pdf(1023))).toEqual(invalid);
    // %%EOF must be within the last 1,024 bytes; a newline after it is fine.
    expect(await checkSlip(pdf(4000, { tail: '%%EOF' }))).toMatchObject({ ext: 'pdf' });
    expect(await refusal(pdf(4000, { tail: '%%EOF'.padEnd(1030, ' ') }))).toEqual(invalid);
    expect(await checkSlip(pdf(4000, { tail: '%%EOF'.padEnd(1024, ' ') }))).toMatchObject({ ext: 'pdf' });
    expect(await refusal(pdf(4000, { tail: 'trailer\n' }))).toEqual(invalid);
    expect(await refusal(pdf(4000, { page: '/Catalog' }))).toEqual(invalid);
    expect(await refusal(Buffer.alloc(4000, 0x41))).toEqual(invalid);
  });

  it('is a picture that decodes whole, 200 to 8,000 pixels a side and at most 40 million pixels', async () => {
    expect(await refusal(await noise(199, 400))).toEqual(invalid);
    expect(await refusal(await noise(400, 199))).toEqual(invalid);
    // 200 × 200 passes the size rules (then has no QR code); 8,001 pixels a side does not.
    expect(await refusal(await noise(200, 200))).toMatchObject({ code: 'SLIP_NO_QR' });
    expect(await refusal(await blank(8000, 200))).toMatchObject({ code: 'SLIP_NO_QR' });
    expect(await refusal(await blank(200, 8000))).toMatchObject({ code: 'SLIP_NO_QR' });
    expect(await refusal(await blank(8001, 200))).toEqual(invalid);
    expect(await refusal(await blank(200, 8001))).toEqual(invalid);
    // 8,000 × 5,000 = 40,000,000 pixels: the largest picture taken (then it has no QR code);
    // 8,000 × 5,001 = 40,008,000 pixels: each side allowed, the whole too large.
    expect(await refusal(await blank(8000, 5000))).toMatchObject({ code: 'SLIP_NO_QR' });
    expect(await refusal(await blank(8000, 5001))).toEqual(invalid);
    // A PNG cut short: its header is whole, its picture is not.
    const whole = await slipPicture('png');
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual(invalid);
    // A header that says PNG and nothing after it.
    const header = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000),
    ]);
    expect(await refusal(header)).toEqual(invalid);
  });

  it("must carry a bank's slip QR code, which names the sending bank and the transfer", async () => {
    const payload = slipQrPayload('014', '20261206ABCDEF0123456789');
    for (const [format, contentType, ext] of [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['webp', 'image/webp', 'webp'],
    ] as const)
      expect(await checkSlip(await slipPicture(format, payload))).toEqual({
        contentType,
        ext,
        qr: {
          kind: 'bank',
          payload,
          sendingBank: '014',
          transRef: '20261206ABCDEF0123456789',
          ref: '014:20261206ABCDEF0123456789',
        },
      });
    const noQr = { code: 'SLIP_NO_QR', message: NO_QR, errors: [{ path: 'file', message: NO_QR }] };
    expect(await refusal(await blank(720, 1280))).toEqual(noQr);
    // A QR code that is no slip's (a link) is refused the same way.
    expect(await refusal(await slipPicture('png', 'https://example.com/slip'))).toEqual(noQr);
  });
});

describe('the transfer a bank reports', () => {
  // A booking of ฿3,000.00 made at 10:00 Bangkok, checked at 12:00; our account 123-4-56789-0, PromptPay 0812345678.
  const expected = {
    totalSatang: 300_000,
    bookedAt: new Date('2026-12-06T10:00:00+07:00'),
    now: new Date('2026-12-06T12:00:00+07:00'),
    bankAccount: '123-4-56789-0',
    promptpayId: '0812345678',
  };
  const transfer = (
    t: Partial<Extract<SlipVerification, { status: 'verified' }>>,
  ): Extract<SlipVerification, { status: 'verified' }> => ({
    status: 'verified',
    transRef: '20261206ABCDEF0123456789',
    amountSatang: 300_000,
    paidAt: new Date('2026-12-06T11:00:00+07:00'),
    receiverAccount: 'xxx-x-x6789-x',
    receiverProxy: null,
    ...t,
  });

  it('pays the booking when it is exactly its total, into our account or to our PromptPay ID', () => {
    expect(judgeTransfer(transfer({}), expected)).toBe('verified');
    expect(judgeTransfer(transfer({ amountSatang: 299_999 }), expected)).toBe('amount_mismatch');
    expect(judgeTransfer(transfer({ amountSatang: 300_001 }), expected)).toBe('amount_mismatch');
    expect(judgeTransfer(transfer({ receiverAccount: null, receiverProxy: 'xxx-xxx-5678' }), expected)).toBe(
      'verified',
    );
    expect(
      judgeTransfer(transfer({ receiverAccount: 'xxx-x-x6788-x', receiverProxy: 'xxx-xxx-5678' }), expected),
    ).toBe('verified');
    expect(judgeTransfer(transfer({ receiverAccount: 'xxx-x-x6788-x' }), expected)).toBe('account_mismatch');
    expect(judgeTransfer(transfer({ receiverAccount: null, receiverProxy: 'xxx-xxx-5679' }), expected)).toBe(
      'account_mismatch',
    );
    // A wrong amount is named first, whatever else is wrong.
    expect(judgeTransfer(transfer({ amountSatang: 1, receiverAccount: null }), expected)).toBe(
      'amount_mismatch',
    );
  });

  it('was made after the booking and not in the future, give or take ten minutes of clocks', () => {
    const at = (iso: string) => transfer({ paidAt: new Date(iso) });
    expect(judgeTransfer(at('2026-12-06T09:50:00.000+07:00'), expected)).toBe('verified');
    expect(judgeTransfer(at('2026-12-06T09:49:59.999+07:00'), expected)).toBe('date_mismatch');
    expect(judgeTransfer(at('2026-12-06T12:10:00.000+07:00'), expected)).toBe('verified');
    expect(judgeTransfer(at('2026-12-06T12:10:00.001+07:00'), expected)).toBe('date_mismatch');
    expect(judgeTransfer(at('2026-12-05T11:00:00+07:00'), expected)).toBe('date_mismatch');
    // The account is judged before the time.
    expect(
      judgeTransfer(
        transfer({ receiverAccount: null, paidAt: new Date('2026-12-05T11:00:00+07:00') }),
        expected,
      ),
    ).toBe('account_mismatch');
  });
});
