import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import { baht, bangkokDateTime } from '../bookings/booking-mail';
import { tripLines } from '../bookings/booking-trip-words';

/** The booking messages sent through LINE (issue 18, part 4). */
export const lineMessageKinds = [
  'created',
  'paid',
  'slip_rejected',
  'pickup_tomorrow',
  'return_today',
  'refund_paid',
  'receipt',
] as const;
export type LineMessageKind = (typeof lineMessageKinds)[number];

/** A branch on a map: a Google Maps search for its name and address (opens the app on a phone). */
export function mapLink(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name} ${address}`.trim())}`;
}

const locales = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' } as const;

/** A YYYY-MM-DD day in the customer's language (e.g. 28 Nov 2026). */
function day(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(locales[lang], { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

interface Place {
  /** The branch's name and address (pickup or return branch), for its map link. */
  name: string;
  address: string;
}

const texts = {
  en: {
    created: (n: string, car: string, from: string, to: string, total: string) =>
      `Siam Drive: we have your booking ${n} (${car}, ${from} to ${to}). Total ${total}.`,
    payBy: (at: string) => `Please pay by ${at}, or the booking is cancelled.`,
    paid: (n: string, at: string, branch: string) =>
      `Siam Drive: payment received, booking ${n} is confirmed. Pick-up ${at} at ${branch}.`,
    onAccount: (n: string, at: string, branch: string, company: string) =>
      `Siam Drive: booking ${n} is confirmed, billed to ${company}. Pick-up ${at} at ${branch}.`,
    slipRejected: (n: string) => `Siam Drive: we could not accept the transfer slip for booking ${n}.`,
    reason: (r: string) => `Reason: ${r}`,
    newSlip: (at: string) => `Please send a new slip by ${at}.`,
    pickupBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive: see you tomorrow! Booking ${n}, ${car}: pick-up at ${time}, ${branch}, ${address}.`,
    pickupDelivery: (n: string, car: string, time: string, address: string) =>
      `Siam Drive: see you tomorrow! Booking ${n}, ${car}: we bring the car to ${address} at ${time}.`,
    bring: 'Please bring your passport or ID card and your driving licence.',
    returnBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive: your rental ${n} ends today. Please return the ${car} by ${time} at ${branch}, ${address}.`,
    returnCollection: (n: string, car: string, time: string, address: string) =>
      `Siam Drive: your rental ${n} ends today. We collect the ${car} at ${address} at ${time}.`,
    refundPaid: (n: string, amount: string) =>
      `Siam Drive: we have sent your refund of ${amount} for booking ${n}.`,
    map: 'Map',
    details: 'Your booking',
    receipt: (n: string, url: string) => `Siam Drive: your receipt for booking ${n} (PDF): ${url}`,
  },
  th: {
    created: (n: string, car: string, from: string, to: string, total: string) =>
      `Siam Drive: ได้รับการจอง ${n} แล้ว (${car} ${from} ถึง ${to}) ยอดรวม ${total}`,
    payBy: (at: string) => `กรุณาชำระเงินภายใน ${at} มิฉะนั้นการจองจะถูกยกเลิก`,
    paid: (n: string, at: string, branch: string) =>
      `Siam Drive: ได้รับชำระเงินแล้ว การจอง ${n} ได้รับการยืนยัน รับรถ ${at} ที่${branch}`,
    onAccount: (n: string, at: string, branch: string, company: string) =>
      `Siam Drive: การจอง ${n} ได้รับการยืนยันแล้ว เรียกเก็บกับ ${company} รับรถ ${at} ที่${branch}`,
    slipRejected: (n: string) => `Siam Drive: เราไม่สามารถยืนยันสลิปการโอนเงินของการจอง ${n} ได้`,
    reason: (r: string) => `เหตุผล: ${r}`,
    newSlip: (at: string) => `กรุณาแนบสลิปใหม่ภายใน ${at}`,
    pickupBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive: พรุ่งนี้รับรถแล้ว! การจอง ${n} ${car} รับรถเวลา ${time} ที่${branch} ${address}`,
    pickupDelivery: (n: string, car: string, time: string, address: string) =>
      `Siam Drive: พรุ่งนี้รับรถแล้ว! การจอง ${n} ${car} เราจะนำรถไปส่งที่ ${address} เวลา ${time}`,
    bring: 'กรุณานำบัตรประชาชนหรือหนังสือเดินทาง และใบขับขี่มาด้วย',
    returnBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive: วันนี้เป็นวันคืนรถของการจอง ${n} กรุณาคืน ${car} ภายในเวลา ${time} ที่${branch} ${address}`,
    returnCollection: (n: string, car: string, time: string, address: string) =>
      `Siam Drive: วันนี้เป็นวันคืนรถของการจอง ${n} เราจะไปรับ ${car} ที่ ${address} เวลา ${time}`,
    refundPaid: (n: string, amount: string) => `Siam Drive: เราโอนเงินคืน ${amount} ของการจอง ${n} ให้คุณแล้ว`,
    map: 'แผนที่',
    details: 'การจองของคุณ',
    receipt: (n: string, url: string) => `Siam Drive: ใบเสร็จรับเงินของการจอง ${n} (PDF): ${url}`,
  },
  zh: {
    created: (n: string, car: string, from: string, to: string, total: string) =>
      `Siam Drive：已收到您的预订 ${n}（${car}，${from} 至 ${to}），总计 ${total}。`,
    payBy: (at: string) => `请在 ${at} 前付款，否则预订将自动取消。`,
    paid: (n: string, at: string, branch: string) =>
      `Siam Drive：已收到付款，预订 ${n} 已确认。取车：${at}，${branch}。`,
    onAccount: (n: string, at: string, branch: string, company: string) =>
      `Siam Drive：预订 ${n} 已确认，费用由${company}结算。取车：${at}，${branch}。`,
    slipRejected: (n: string) => `Siam Drive：我们无法确认预订 ${n} 的转账凭证。`,
    reason: (r: string) => `原因：${r}`,
    newSlip: (at: string) => `请在 ${at} 前上传新的转账凭证。`,
    pickupBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive：明天见！预订 ${n}，${car}：${time} 在${branch}取车，地址：${address}。`,
    pickupDelivery: (n: string, car: string, time: string, address: string) =>
      `Siam Drive：明天见！预订 ${n}，${car}：我们将于 ${time} 把车送到 ${address}。`,
    bring: '请携带护照或身份证以及驾驶执照。',
    returnBranch: (n: string, car: string, time: string, branch: string, address: string) =>
      `Siam Drive：您的租期 ${n} 今天结束。请在 ${time} 前将 ${car} 归还至${branch}，地址：${address}。`,
    returnCollection: (n: string, car: string, time: string, address: string) =>
      `Siam Drive：您的租期 ${n} 今天结束。我们将于 ${time} 在 ${address} 收回 ${car}。`,
    refundPaid: (n: string, amount: string) => `Siam Drive：我们已退还预订 ${n} 的 ${amount}。`,
    map: '地图',
    details: '您的预订',
    receipt: (n: string, url: string) => `Siam Drive：预订 ${n} 的收据（PDF）：${url}`,
  },
} as const;

/**
 * A booking message's text in the customer's language: what happened, the booking's number, car and
 * times, and the link to My bookings (and the branch's map link for the day-before and day-of
 * reminders). `place` is the branch the reminder is about (pickup or return), with its address.
 */
export function lineMessageText(
  kind: LineMessageKind,
  booking: Booking,
  lang: Language,
  publicUrl: string,
  extra: {
    reason?: string;
    place?: Place;
    licenceRules?: LicenceRuleChanges;
    amountSatang?: number;
    receiptUrl?: string;
  } = {},
): string {
  const rules = extra.licenceRules ?? {};
  const t = texts[lang];
  const n = booking.bookingNumber;
  const details = `${t.details}: ${publicUrl}/my-bookings?lng=${lang}`;
  const lines: string[] = [];
  const place = extra.place ?? { name: booking.branchName, address: '' };
  switch (kind) {
    case 'created':
      lines.push(
        t.created(
          n,
          booking.carName,
          `${day(booking.pickupDate, lang)} ${booking.pickupTime}`,
          `${day(booking.returnDate, lang)} ${booking.returnTime}`,
          baht(booking.total, lang),
        ),
      );
      if (booking.payBy) lines.push(t.payBy(bangkokDateTime(booking.payBy, lang)));
      // The return branch, the counters, the extras and the deposit (the documents come the day before).
      lines.push(...tripLines(booking, lang, rules, { documents: false }));
      break;
    case 'paid': {
      const at = `${day(booking.pickupDate, lang)} ${booking.pickupTime}`;
      // A company account's booking was not paid: it is billed on the company's monthly invoice.
      lines.push(
        booking.taxInvoice?.monthly
          ? t.onAccount(n, at, booking.branchName, booking.taxInvoice.companyName)
          : t.paid(n, at, booking.branchName),
      );
      lines.push(...tripLines(booking, lang, rules, { documents: false }));
      break;
    }
    case 'slip_rejected':
      lines.push(t.slipRejected(n));
      if (extra.reason) lines.push(t.reason(extra.reason));
      if (booking.payBy) lines.push(t.newSlip(bangkokDateTime(booking.payBy, lang)));
      break;
    case 'pickup_tomorrow':
      if (booking.delivery)
        lines.push(t.pickupDelivery(n, booking.carName, booking.pickupTime, booking.delivery.address));
      else {
        lines.push(t.pickupBranch(n, booking.carName, booking.pickupTime, place.name, place.address));
        lines.push(`${t.map}: ${mapLink(place.name, place.address)}`);
      }
      // What each driver brings (their licence's rule), the counter, the extras and the deposit.
      if (!booking.drivers.length) lines.push(t.bring);
      lines.push(...tripLines(booking, lang, rules));
      break;
    case 'refund_paid':
      lines.push(t.refundPaid(n, baht(extra.amountSatang ?? 0, lang)));
      break;
    case 'receipt':
      lines.push(t.receipt(n, extra.receiptUrl ?? ''));
      break;
    case 'return_today':
      if (booking.collection)
        lines.push(t.returnCollection(n, booking.carName, booking.returnTime, booking.collection.address));
      else {
        lines.push(t.returnBranch(n, booking.carName, booking.returnTime, place.name, place.address));
        lines.push(`${t.map}: ${mapLink(place.name, place.address)}`);
      }
      break;
  }
  lines.push(details);
  return lines.join('\n');
}
