import generatePayload from 'promptpay-qr';
import QRCode from 'qrcode';

/** A real EMVCo PromptPay payload for the business's ID and the exact amount, drawn as an SVG. */
export async function promptPayQr(promptpayId: string, amountSatang: number) {
  const payload = generatePayload(promptpayId, { amount: amountSatang / 100 });
  const qrSvg = await QRCode.toString(payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { id: promptpayId, payload, qrSvg };
}
