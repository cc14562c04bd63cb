import sharp from 'sharp';
import type { SlipCheckResult } from '@siam/contract/bookings';
import { AppError } from '../../lib/app-error';
import { parseSlipQr, readQrCode, type SlipQr } from './slip-qr';
import { sameAccount, type SlipVerification } from './slip-verifier';

/**
 * What makes a file a slip worth a person's look (issue 13): a bank app's
 * screenshot or photo (JPEG, PNG or WebP that decodes whole, of a phone
 * screen's size, not a 20,000-pixel bomb) or the PDF a bank sends, of a
 * plausible size. Anything else is refused before it is stored or shown to
 * staff. A picture must also carry the QR code every Thai bank prints on its
 * slips (issue 16), which names the transfer; a PDF's is not read. This is the
 * one place slips are checked: the transfer the QR names is judged here too
 * (judgeTransfer), once the bank has said what it was.
 */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
const SLIP_MIN_BYTES = 1024;
const MIN_SIDE = 200;
const MAX_SIDE = 8000;
const MAX_PIXELS = 40_000_000;

export const SLIP_INVALID_MESSAGE =
  'This file is not a readable slip. Upload the picture or PDF of the slip from your bank app';

export const SLIP_NO_QR_MESSAGE =
  "We could not find the bank's QR code on this slip. Upload the whole slip your bank app showed after the transfer";

export const SLIP_ALREADY_USED_MESSAGE =
  'This slip has already been uploaded. Each transfer pays for one booking only';

export interface CheckedSlip {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
  /** The transfer the slip's QR code names; null for a PDF (not read). */
  qr: SlipQr | null;
}

const invalid = (message = SLIP_INVALID_MESSAGE) =>
  new AppError('SLIP_INVALID', message, [{ path: 'file', message }]);

/**
 * The slip's real type, checked by decoding it, and its QR code; throws SLIP_INVALID (or
 * PAYLOAD_TOO_LARGE) for a file that is no slip, SLIP_NO_QR for a picture without a bank's QR code.
 */
export async function checkSlip(content: Buffer): Promise<CheckedSlip> {
  if (content.length > SLIP_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The slip must be at most 5 MB');
  const type = sniffSlipType(content.subarray(0, 16));
  if (!type || content.length < SLIP_MIN_BYTES) throw invalid();
  if (type.ext === 'pdf') {
    // A real PDF ends with %%EOF (maybe followed by a newline) and has at least one page object.
    const tail = content.subarray(Math.max(0, content.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF') || !content.includes('/Page')) throw invalid();
    return { ...type, qr: null };
  }
  let meta;
  try {
    // The header alone first: a picture of absurd size is refused before anything is decoded.
    meta = await sharp(content, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw invalid();
  }
  const { width = 0, height = 0 } = meta;
  if (
    width < MIN_SIDE ||
    height < MIN_SIDE ||
    width > MAX_SIDE ||
    height > MAX_SIDE ||
    width * height > MAX_PIXELS
  )
    throw invalid();
  try {
    // Then the whole picture, small: a truncated or corrupt file fails here.
    await sharp(content, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(64).raw().toBuffer();
  } catch {
    throw invalid();
  }
  const text = await readQrCode(content);
  const qr = text === null ? null : parseSlipQr(text);
  if (!qr)
    throw new AppError('SLIP_NO_QR', SLIP_NO_QR_MESSAGE, [{ path: 'file', message: SLIP_NO_QR_MESSAGE }]);
  return { ...type, qr };
}

/** What the booking expects of the transfer that pays for it. */
export interface ExpectedTransfer {
  totalSatang: number;
  bookedAt: Date;
  now: Date;
  /** Where the money may go: the company's bank account and its PromptPay ID. */
  bankAccount: string;
  promptpayId: string;
}

/** Clocks differ between a bank, a phone and us by a little. */
const CLOCK_SLACK_MS = 10 * 60_000;

/**
 * Whether the transfer the bank reported pays for the booking: exactly its total,
 * into our account (or to our PromptPay ID), made after the booking and not in
 * the future. Anything else is for staff to judge, with the reason shown.
 */
export function judgeTransfer(
  transfer: Extract<SlipVerification, { status: 'verified' }>,
  expected: ExpectedTransfer,
): SlipCheckResult {
  if (transfer.amountSatang !== expected.totalSatang) return 'amount_mismatch';
  if (
    !sameAccount(transfer.receiverAccount, expected.bankAccount) &&
    !sameAccount(transfer.receiverProxy, expected.promptpayId)
  )
    return 'account_mismatch';
  const at = transfer.paidAt.getTime();
  if (at < expected.bookedAt.getTime() - CLOCK_SLACK_MS || at > expected.now.getTime() + CLOCK_SLACK_MS)
    return 'date_mismatch';
  return 'verified';
}

/** The slip's real type from its first bytes; the browser's claim is not trusted. */
export function sniffSlipType(head: Buffer): {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
} | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { contentType: 'image/jpeg', ext: 'jpg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { contentType: 'image/png', ext: 'png' };
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { contentType: 'image/webp', ext: 'webp' };
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', ext: 'pdf' };
  return null;
}
