import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

/**
 * What makes a file a slip worth a person's look (issue 13): a bank app's
 * screenshot or photo (JPEG, PNG or WebP that decodes whole, of a phone
 * screen's size, not a 20,000-pixel bomb) or the PDF a bank sends, of a
 * plausible size. Anything else is refused before it is stored or shown to
 * staff. This is the one place slips are checked; reading the slip's QR code
 * (automatic verification) belongs here too.
 */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
const SLIP_MIN_BYTES = 1024;
const MIN_SIDE = 200;
const MAX_SIDE = 8000;
const MAX_PIXELS = 40_000_000;

export const SLIP_INVALID_MESSAGE =
  'This file is not a readable slip. Upload the picture or PDF of the slip from your bank app';

export interface CheckedSlip {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
}

const invalid = (message = SLIP_INVALID_MESSAGE) =>
  new AppError('SLIP_INVALID', message, [{ path: 'file', message }]);

/** The slip's real type, checked by decoding it; throws SLIP_INVALID (or PAYLOAD_TOO_LARGE) otherwise. */
export async function checkSlip(content: Buffer): Promise<CheckedSlip> {
  if (content.length > SLIP_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The slip must be at most 5 MB');
  const type = sniffSlipType(content.subarray(0, 16));
  if (!type || content.length < SLIP_MIN_BYTES) throw invalid();
  if (type.ext === 'pdf') {
    // A real PDF ends with %%EOF (maybe followed by a newline) and has at least one page object.
    const tail = content.subarray(Math.max(0, content.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF') || !content.includes('/Page')) throw invalid();
    return type;
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
  return type;
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
