import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { crc16 } from '../src/modules/payments/promptpay';

/**
 * A local stand-in for a slip-verification provider, speaking EasySlip's HTTP
 * API (`GET /api/v1/verify?payload=…` with a bearer key), used by the API tests
 * and the browser journeys; and slip pictures carrying the QR code Thai banks
 * print on their slips. A test plays the bank: it records a transfer here (in
 * process, or with `POST /stand-in/transfers` from another process), then
 * uploads a slip whose QR code names it.
 *
 * Run on its own (`tsx apps/api/test/slip-provider-stand-in.ts`) it listens on
 * SLIP_PROVIDER_PORT with the key SLIP_PROVIDER_TOKEN: the journeys' server
 * is pointed at it (playwright.config.ts).
 */

/** A transfer as the bank knows it. Accounts are shown masked, as banks show them. */
export interface StandInTransfer {
  sendingBank?: string;
  transRef?: string;
  amountSatang: number;
  /** e.g. "xxx-x-x6789-x"; null when the money went to a PromptPay ID. */
  receiverAccount?: string | null;
  receiverProxy?: string | null;
  date?: Date;
}

/** The banks' slip QR payload for a transfer: tag 00 (API id, sending bank, reference), 51 "TH", 91 its CRC. */
export function slipQrPayload(sendingBank: string, transRef: string): string {
  const object = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const body = `${object('00', object('00', '000001') + object('01', sendingBank) + object('02', transRef))}${object('51', 'TH')}9104`;
  return `${body}${crc16(body)}`;
}

/** A bank-style transaction reference nobody has used. */
export function newTransRef(): string {
  return `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(8).toString('hex').toUpperCase()}`;
}

/**
 * A slip picture (a phone screenshot's size) with the QR code of `payload`
 * where bank apps put it, as PNG, JPEG or WebP. Without a payload, the QR
 * names a transfer no bank knows.
 */
export async function slipPicture(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  payload: string = slipQrPayload('014', newTransRef()),
  width = 720,
  height = 1280,
): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) * 0.4);
  const qr = await QRCode.toBuffer(payload, { width: side, margin: 2, errorCorrectionLevel: 'M' });
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 248, b: 255 } },
  }).composite([{ input: qr, left: Math.round((width - side) / 2), top: Math.round(height * 0.55) }]);
  if (format === 'jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return image.png().toBuffer();
}

export interface SlipProviderStandIn {
  url: string;
  token: string;
  /** The settings that point the API at this stand-in. */
  settings: { SLIP_VERIFY_URL: string; SLIP_VERIFY_TOKEN: string };
  /** Records a transfer; returns the payload its slip's QR code carries. */
  transfer(t: StandInTransfer): string;
  /** Answer every verify call with a 503 (the provider down) until set back. */
  setDown(down: boolean): void;
  /** The payloads asked about, in order. */
  verifyCalls: string[];
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startSlipProvider(
  options: { port?: number; token?: string } = {},
): Promise<SlipProviderStandIn> {
  const token = options.token ?? `slip-key-${randomBytes(8).toString('hex')}`;
  const transfers = new Map<string, Required<StandInTransfer>>();
  const verifyCalls: string[] = [];
  let down = false;

  const record = (t: StandInTransfer) => {
    const full: Required<StandInTransfer> = {
      sendingBank: t.sendingBank ?? '004',
      transRef: t.transRef ?? newTransRef(),
      amountSatang: t.amountSatang,
      receiverAccount: t.receiverAccount === undefined ? null : t.receiverAccount,
      receiverProxy: t.receiverProxy === undefined ? null : t.receiverProxy,
      date: t.date ?? new Date(),
    };
    const payload = slipQrPayload(full.sendingBank, full.transRef);
    transfers.set(payload, full);
    return payload;
  };

  const server: Server = createServer((req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', 'http://stand-in');
    void (async () => {
      if (url.pathname === '/health') return send(200, { ok: true });
      if (req.method === 'POST' && url.pathname === '/stand-in/transfers') {
        const t = JSON.parse(await body(req)) as StandInTransfer & { date?: string };
        return send(200, { payload: record({ ...t, date: t.date ? new Date(t.date) : undefined }) });
      }
      if (req.method !== 'GET' || url.pathname !== '/api/v1/verify')
        return send(404, { status: 404, message: 'not_found' });
      if (req.headers.authorization !== `Bearer ${token}`)
        return send(401, { status: 401, message: 'unauthorized' });
      const payload = url.searchParams.get('payload') ?? '';
      verifyCalls.push(payload);
      if (down) return send(503, { status: 503, message: 'server_error' });
      if (!/^[0-9A-Za-z]{20,}$/.test(payload)) return send(400, { status: 400, message: 'invalid_payload' });
      const t = transfers.get(payload);
      if (!t) return send(404, { status: 404, message: 'slip_not_found' });
      const bank = (id: string) => ({ id, name: `Bank ${id}`, short: `B${id}` });
      return send(200, {
        status: 200,
        data: {
          payload,
          transRef: t.transRef,
          // The bank's wall clock, with its offset, as EasySlip returns it.
          date: new Date(t.date.getTime() + 7 * 3_600_000).toISOString().replace('Z', '+07:00'),
          countryCode: 'TH',
          amount: { amount: t.amountSatang / 100, local: { amount: 0, currency: '' } },
          fee: 0,
          ref1: '',
          ref2: '',
          ref3: '',
          sender: {
            bank: bank(t.sendingBank),
            account: {
              name: { th: 'นาย ทดสอบ ผ', en: 'MR. TEST P' },
              bank: { type: 'BANKAC', account: 'xxx-x-x1234-x' },
            },
          },
          receiver: {
            bank: bank('014'),
            account: {
              name: { th: 'บจก. สยามไดรฟ์', en: 'SIAM DRIVE CO., LTD.' },
              ...(t.receiverAccount && { bank: { type: 'BANKAC', account: t.receiverAccount } }),
              ...(t.receiverProxy && {
                proxy: {
                  type: t.receiverProxy.replace(/[^0-9x]/gi, '').length === 13 ? 'NATID' : 'MSISDN',
                  account: t.receiverProxy,
                },
              }),
            },
          },
        },
      });
    })().catch(() => send(500, { status: 500, message: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    token,
    settings: { SLIP_VERIFY_URL: url, SLIP_VERIFY_TOKEN: token },
    transfer: record,
    setDown: (d) => {
      down = d;
    },
    verifyCalls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Started as a program: the browser journeys' provider (playwright.config.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const provider = await startSlipProvider({
    port: Number(process.env.SLIP_PROVIDER_PORT ?? 3103),
    token: process.env.SLIP_PROVIDER_TOKEN ?? 'e2e-slip-provider-key',
  });
  process.stdout.write(`slip provider stand-in at ${provider.url}\n`);
  process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
}
