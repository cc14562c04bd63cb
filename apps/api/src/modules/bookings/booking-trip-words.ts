import { bangkokInstant } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import type { BookingDriver } from '@siam/contract/drivers';
import { DEPOSIT_HOLD_DAYS, depositHoldOpensAt } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import { licenceAcceptance, type LicenceRuleChanges } from '@siam/contract/licence-countries';
import { personName } from '@siam/contract/person-names';

/** Baht in the customer's language (booking mails and LINE messages). */
export const baht = (satang: number, lang: Language) =>
  new Intl.NumberFormat(lang === 'th' ? 'th-TH' : lang === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'THB',
  }).format(satang / 100);

const locales = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' } as const;

/** A country by its code in the customer's language (e.g. CN → 中国 / China / จีน). */
const countryName = (code: string, lang: Language) =>
  new Intl.DisplayNames([locales[lang]], { type: 'region', fallback: 'code' }).of(code) ?? code;

/** A moment's day in Bangkok in the customer's language (e.g. 24 Nov 2026). */
const bangkokDay = (at: Date, lang: Language) =>
  new Intl.DateTimeFormat(locales[lang], { timeZone: 'Asia/Bangkok', dateStyle: 'medium' }).format(at);

const texts = {
  en: {
    returnBranch: (branch: string) => `Return (one-way) at: ${branch}`,
    counter: (place: string) => `The counter: ${place}`,
    returnCounter: (place: string) => `The return counter: ${place}`,
    extras: (list: string) => `Extras: ${list}`,
    bring: 'Bring to the counter',
    id: 'passport or Thai ID card',
    licence: (country: string) => `driving licence (${country})`,
    idp: 'International Driving Permit',
    translation: 'official translation of the licence',
    idpOrTranslation: 'International Driving Permit or an official translation of the licence',
    and: ', ',
    colon: ': ',
    deposit: (amount: string, from: string, days: number) =>
      `Security deposit ${amount} (not part of the total): taken at pickup by card, PromptPay or cash at the counter, or held on your card online from ${from} (${days} days before the return); returned when the car is back.`,
    depositHeld: (amount: string) => `Security deposit ${amount}: held, returned when the car is back.`,
    depositOnAccount: (amount: string, company: string) =>
      `Security deposit ${amount}: covered by ${company}, nothing to pay at the counter. What is kept at the return is billed to ${company}.`,
  },
  th: {
    returnBranch: (branch: string) => `คืนรถต่างสาขา (One-way) ที่: ${branch}`,
    counter: (place: string) => `จุดเคาน์เตอร์: ${place}`,
    returnCounter: (place: string) => `จุดเคาน์เตอร์คืนรถ: ${place}`,
    extras: (list: string) => `บริการเสริม: ${list}`,
    bring: 'เอกสารที่ต้องนำมาที่เคาน์เตอร์',
    id: 'หนังสือเดินทางหรือบัตรประชาชนไทย',
    licence: (country: string) => `ใบขับขี่ (${country})`,
    idp: 'ใบอนุญาตขับรถระหว่างประเทศ (IDP)',
    translation: 'คำแปลใบขับขี่ฉบับทางการ',
    idpOrTranslation: 'ใบอนุญาตขับรถระหว่างประเทศ (IDP) หรือคำแปลใบขับขี่ฉบับทางการ',
    and: ', ',
    colon: ': ',
    deposit: (amount: string, from: string, days: number) =>
      `เงินประกัน ${amount} (ไม่รวมในยอดรวม): ชำระตอนรับรถด้วยบัตร พร้อมเพย์ หรือเงินสดที่เคาน์เตอร์ หรือกันวงเงินบนบัตรออนไลน์ได้ตั้งแต่ ${from} (${days} วันก่อนคืนรถ) และได้คืนเมื่อคืนรถ`,
    depositHeld: (amount: string) => `เงินประกัน ${amount}: กันไว้แล้ว ได้คืนเมื่อคืนรถ`,
    depositOnAccount: (amount: string, company: string) =>
      `เงินประกัน ${amount}: ${company} เป็นผู้รับผิดชอบ ไม่ต้องชำระที่เคาน์เตอร์ ค่าใช้จ่ายที่เรียกเก็บตอนคืนรถจะเรียกเก็บจาก ${company}`,
  },
  zh: {
    returnBranch: (branch: string) => `异地还车门店：${branch}`,
    counter: (place: string) => `柜台位置：${place}`,
    returnCounter: (place: string) => `还车柜台位置：${place}`,
    extras: (list: string) => `附加服务：${list}`,
    bring: '请携带以下证件到柜台',
    id: '护照或泰国身份证',
    licence: (country: string) => `驾驶执照（${country}）`,
    idp: '国际驾驶许可证',
    translation: '驾照的官方翻译件',
    idpOrTranslation: '国际驾驶许可证或驾照的官方翻译件',
    and: '、',
    colon: '：',
    deposit: (amount: string, from: string, days: number) =>
      `押金 ${amount}（不含在总额内）：取车时在柜台以银行卡、PromptPay 或现金支付，或自 ${from}（还车前 ${days} 天）起在线预授权冻结在银行卡上；还车后退还。`,
    depositHeld: (amount: string) => `押金 ${amount}：已收取，还车后退还。`,
    depositOnAccount: (amount: string, company: string) =>
      `押金 ${amount}：由${company}承担，柜台无需支付。还车时产生的扣款向${company}收取。`,
  },
} as const;

/** What one driver brings: an ID, the licence, and what the licence rule for its country asks beside it. */
function driverDocuments(d: BookingDriver, lang: Language, rules: LicenceRuleChanges): string {
  const t = texts[lang];
  const accepts = licenceAcceptance(d.licenceCountry, rules);
  const beside =
    accepts === 'licence'
      ? []
      : accepts === 'idp' || d.licenceDocument === 'idp'
        ? [t.idp]
        : d.licenceDocument === 'translation'
          ? [t.translation]
          : [t.idpOrTranslation];
  return [t.id, t.licence(countryName(d.licenceCountry, lang)), ...beside].join(t.and);
}

/**
 * What a traveller needs to know before the pickup, as lines of a booking mail or LINE message
 * (issue 36 part 5): the return branch of a one-way rental, the counter's place at each branch (not
 * for a car brought to them or fetched), the extras, the documents each driver brings (from the
 * licence rules for their licence's country, with staff's changes), and the deposit (its amount and
 * how it is taken: contract deposits.ts). All from the booking as the pages show it.
 */
export function tripLines(
  booking: Booking,
  lang: Language,
  licenceRules: LicenceRuleChanges,
  parts: { documents?: boolean; deposit?: boolean } = {},
): string[] {
  const t = texts[lang];
  const oneWay = booking.returnBranchCode !== booking.branchCode;
  const lines: string[] = [];
  if (oneWay) lines.push(t.returnBranch(booking.returnBranchName));
  if (booking.counterPlace && !booking.delivery) lines.push(t.counter(booking.counterPlace));
  if (oneWay && booking.returnCounterPlace && !booking.collection)
    lines.push(t.returnCounter(booking.returnCounterPlace));
  if (booking.addons.length)
    lines.push(
      t.extras(
        booking.addons.map((a) => (a.quantity > 1 ? `${a.label} × ${a.quantity}` : a.label)).join(t.and),
      ),
    );
  if (parts.documents !== false && booking.drivers.length) {
    lines.push(`${t.bring}${t.colon.trim()}`);
    for (const d of booking.drivers)
      lines.push(
        `- ${personName(d.firstName, d.lastName)}${t.colon}${driverDocuments(d, lang, licenceRules)}`,
      );
  }
  if (parts.deposit !== false && booking.deposit.amount > 0) {
    const amount = baht(booking.deposit.amount, lang);
    if (booking.deposit.coveredBy) lines.push(t.depositOnAccount(amount, booking.deposit.coveredBy));
    else if (booking.deposit.state === 'held') lines.push(t.depositHeld(amount));
    else if (booking.deposit.state === 'due') {
      const opens = depositHoldOpensAt(bangkokInstant(booking.returnDate, booking.returnTime));
      lines.push(t.deposit(amount, bangkokDay(opens, lang), DEPOSIT_HOLD_DAYS));
    }
  }
  return lines;
}
