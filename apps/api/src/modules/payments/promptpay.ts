import generatePayload from 'promptpay-qr';
import QRCode from 'qrcode';

/** An EMVCo data object: its id, its length in two digits, its value. */
const dataObject = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF) in four upper-case hex digits: EMVCo's tag 63. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A real EMVCo PromptPay payload for the business's ID and the exact amount,
 * naming the booking, drawn as an SVG.
 *
 * The booking's number goes in tag 62 (additional data), sub-tag 05 (reference
 * label), so two bookings with the same total never share a QR code (issue 16):
 * a payment can be told apart by its code, and a code shown twice is the same
 * booking. promptpay-qr writes no tag 62, so it is added before the checksum,
 * which is then computed again.
 */
export async function promptPayQr(promptpayId: string, amountSatang: number, reference: string) {
  const base = generatePayload(promptpayId, { amount: amountSatang / 100 });
  // The payload ends with tag 63: "6304" and the checksum's four digits.
  const withReference = `${base.slice(0, -8)}${dataObject('62', dataObject('05', reference))}6304`;
  const payload = `${withReference}${crc16(withReference)}`;
  const qrSvg = await QRCode.toString(payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { id: promptpayId, payload, qrSvg, viaGateway: false };
}
