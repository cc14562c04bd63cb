import { z } from 'zod';
import type { Language } from '@siam/contract/languages';

/**
 * The API's error words in the request's language (Accept-Language or ?lng=). Services and the
 * contract's schemas write their messages in English; the back office and the site show `msg` and
 * the per-field `message` as they come, so a Thai or Chinese screen showed "Invalid data: check the
 * data sent", "Required" or "This booking is not awaiting payment" (issue 35). The error handler
 * (plugins/error-handler.ts) passes every message through `localizeMessage`. A message not listed
 * here stays English: message-words.test.ts lists the ones staff meet in the back office.
 */
type Words = Record<Exclude<Language, 'en'>, string>;

const exact: Record<string, Words> = {
  'Invalid data: check the data sent': {
    th: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบข้อมูลที่ส่ง',
    zh: '数据无效，请检查提交的内容',
  },
  'Requested data not found': { th: 'ไม่พบข้อมูลที่ขอ', zh: '未找到所请求的数据' },
  'No permission to access this data': { th: 'ไม่มีสิทธิ์เข้าถึงข้อมูลนี้', zh: '无权访问此数据' },
  Required: { th: 'จำเป็นต้องกรอก', zh: '必填' },
  'Too long': { th: 'ยาวเกินไป', zh: '内容过长' },
  'Invalid value': { th: 'ค่าไม่ถูกต้อง', zh: '值无效' },
  'Invalid phone number': { th: 'หมายเลขโทรศัพท์ไม่ถูกต้อง', zh: '电话号码无效' },
  'Invalid email': { th: 'อีเมลไม่ถูกต้อง', zh: '邮箱地址无效' },
  'Invalid email format': { th: 'รูปแบบอีเมลไม่ถูกต้อง', zh: '邮箱格式无效' },
  'Invalid date': { th: 'วันที่ไม่ถูกต้อง', zh: '日期无效' },
  'Invalid slug': {
    th: 'ที่อยู่ใช้ได้เฉพาะอักษรอังกฤษตัวพิมพ์เล็ก ตัวเลข และขีดกลาง',
    zh: '地址只能包含小写英文字母、数字和连字符',
  },
  'The cars of this model left on these dates are kept for customers who pay now. Pay by PromptPay QR, card or wallet to book it':
    {
      th: 'รถที่เหลือของรุ่นนี้ในวันที่เลือกสงวนไว้สำหรับลูกค้าที่ชำระเงินทันที ชำระด้วย QR พร้อมเพย์ บัตร หรือวอลเล็ตเพื่อจอง',
      zh: '该车型在所选日期剩余的车辆留给立即付款的客户。使用 PromptPay 二维码、银行卡或电子钱包付款即可预订',
    },
  // What staff meet on a booking's page, the units and the articles.
  'This booking is not awaiting payment': { th: 'การจองนี้ไม่ได้รอชำระเงินแล้ว', zh: '此预订不在待付款状态' },
  'This booking is no longer awaiting payment': {
    th: 'การจองนี้ไม่ได้รอชำระเงินแล้ว',
    zh: '此预订已不在待付款状态',
  },
  'No slip waits for review': { th: 'ไม่มีสลิปที่รอตรวจ', zh: '没有待审核的转账凭证' },
  'Only a confirmed booking can be picked up': {
    th: 'รับรถได้เฉพาะการจองที่ยืนยันแล้ว',
    zh: '只有已确认的预订才能取车',
  },
  'Do the pickup inspection first: its condition report hands the car over': {
    th: 'ตรวจสภาพรถก่อนส่งมอบก่อน: บันทึกสภาพรถตอนรับรถคือการส่งมอบรถ',
    zh: '请先完成取车验车：验车记录保存后即交车',
  },
  'Only an active booking can be returned': {
    th: 'คืนรถได้เฉพาะการจองที่รับรถแล้ว',
    zh: '只有已取车的预订才能还车',
  },
  'This booking can no longer be cancelled': { th: 'การจองนี้ยกเลิกไม่ได้แล้ว', zh: '此预订已无法取消' },
  'That unit is booked for these dates': { th: 'รถคันนี้มีการจองในวันดังกล่าว', zh: '该车辆在这些日期已被预订' },
  'This car is no longer available for these dates': {
    th: 'รถรุ่นนี้ไม่ว่างในวันดังกล่าวแล้ว',
    zh: '该车型在这些日期已无空车',
  },
  'This unit is retired': { th: 'รถคันนี้ปลดระวางแล้ว', zh: '该车辆已退役' },
  'This block was already lifted': { th: 'ยกเลิกการปิดนี้ไปแล้ว', zh: '此停用已解除' },
  'This code already exists': { th: 'มีโค้ดนี้อยู่แล้ว', zh: '此代码已存在' },
  'An article with this slug already exists': {
    th: 'มีบทความที่ใช้ที่อยู่นี้อยู่แล้ว',
    zh: '已有文章使用此地址',
  },
  'A tax invoice is issued once the booking is paid': {
    th: 'ออกใบกำกับภาษีได้เมื่อการจองชำระเงินแล้ว',
    zh: '预订付款后才能开具税务发票',
  },
};

/** Messages with a number or a name in them: the English pattern, and the words around what it caught. */
const patterns: { english: RegExp; words: (m: RegExpExecArray) => Words }[] = [
  {
    english: /^At most (\d+) characters$/,
    words: (m) => ({ th: `ไม่เกิน ${m[1]} ตัวอักษร`, zh: `最多 ${m[1]} 个字符` }),
  },
  {
    english: /^At least (\d+) characters$/,
    words: (m) => ({ th: `อย่างน้อย ${m[1]} ตัวอักษร`, zh: `至少 ${m[1]} 个字符` }),
  },
  {
    // notFound('Booking'), notFound('Unit'), …: the thing is named by the page already.
    english: /^[A-Z][A-Za-z ]* not found$/,
    words: () => ({ th: 'ไม่พบข้อมูลที่ขอ', zh: '未找到所请求的数据' }),
  },
];

const zodLocales = { th: z.locales.th(), zh: z.locales.zhCN() } as const;
const zodEnglish = z.locales.en();

/** A zod issue as fastify-type-provider-zod hands it over: its code, and the rest of the issue. */
export type ValidationIssue = { keyword: string; message?: string; params?: Record<string, unknown> };

/**
 * A message in `lang`: the words above, or zod's own translation of its own default message (a
 * schema's custom message is not zod's default, so only the table above can name it).
 */
export function localizeMessage(message: string, lang: Language, issue?: ValidationIssue): string {
  if (lang === 'en') return message;
  const known = exact[message];
  if (known) return known[lang];
  for (const { english, words } of patterns) {
    const m = english.exec(message);
    if (m) return words(m)[lang];
  }
  if (issue) {
    const raw = { code: issue.keyword, ...issue.params } as Parameters<typeof zodEnglish.localeError>[0];
    const asZodSays = (locale: typeof zodEnglish) => {
      const said = locale.localeError(raw);
      return typeof said === 'string' ? said : said?.message;
    };
    if (asZodSays(zodEnglish) === message) return asZodSays(zodLocales[lang]) ?? message;
  }
  return message;
}
