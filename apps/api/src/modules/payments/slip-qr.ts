import jsQR from 'jsqr';
import sharp from 'sharp';
import { crc16 } from './promptpay';

/**
 * The QR code every Thai bank prints on a transfer slip (the banks' "mini QR"
 * for slip verification): EMVCo-style data objects, each a two-digit id, a
 * two-digit length and the value.
 *
 *   00  the transfer: 00 the API id "000001", 01 the sending bank's three-digit
 *       code, 02 the bank's transaction reference
 *   51  the country, "TH"
 *   91  CRC-16/CCITT-FALSE of everything before it, "9104" included
 *
 * It names the transfer, not the amount: a slip-verification provider looks the
 * transfer up by this payload (slip-verifier.ts).
 */
export type SlipQr =
  /** A bank's slip QR: `ref` (bank and transaction reference) names the transfer once. */
  | { kind: 'bank'; payload: string; sendingBank: string; transRef: string; ref: string }
  /** Shaped like a slip QR (data objects ending in tag 91) but not the banks' layout, e.g. a wallet's: staff look. */
  | { kind: 'other'; payload: string; ref: string };

/** The payload's data objects in order, or null when they do not cover it exactly. */
function dataObjects(text: string): [string, string][] | null {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4))) return null;
    const value = text.slice(i + 4, i + 4 + length);
    if (value.length !== length) return null;
    out.push([id, value]);
    i += 4 + length;
  }
  return out;
}

/** What a decoded QR says, or null when it is not a slip's (a payment QR, a link, a hand-made payload). */
export function parseSlipQr(text: string): SlipQr | null {
  const payload = text.trim();
  if (payload.length < 12 || payload.length > 512) return null;
  const objects = dataObjects(payload);
  if (!objects || objects.length < 2) return null;
  const [lastId, checksum] = objects[objects.length - 1]!;
  // The checksum covers the payload up to and including its own id and length.
  if (lastId !== '91' || checksum.toUpperCase() !== crc16(payload.slice(0, -4))) return null;
  const top = new Map(objects);
  const transfer = top.get('00');
  if (transfer === undefined) return null;
  const inner = new Map(dataObjects(transfer) ?? []);
  const sendingBank = inner.get('01') ?? '';
  const transRef = inner.get('02') ?? '';
  if (
    inner.get('00') === '000001' &&
    /^\d{3}$/.test(sendingBank) &&
    /^[0-9A-Za-z]{6,40}$/.test(transRef) &&
    top.get('51') === 'TH'
  )
    return { kind: 'bank', payload, sendingBank, transRef, ref: `${sendingBank}:${transRef}` };
  return { kind: 'other', payload, ref: payload };
}

/**
 * Finds and decodes a QR code in a slip picture (already checked by
 * slip-checks.ts), or null. The picture is turned upright (a phone photo's
 * EXIF orientation) and read at most 1,600 pixels tall or wide, then at 800
 * when that finds nothing: a slip's QR is a few hundred pixels on a
 * screenshot, and about 70-120 ms of decoding at that size.
 */
export async function readQrCode(picture: Buffer): Promise<string | null> {
  for (const side of [1600, 800]) {
    const { data, info } = await sharp(picture, { failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
      {
        inversionAttempts: 'dontInvert',
      },
    );
    if (found?.data) return found.data;
  }
  return null;
}
