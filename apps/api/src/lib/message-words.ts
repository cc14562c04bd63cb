import { z } from 'zod';
import type { Language } from '@siam/contract/languages';
import { contractWords } from './contract-words';
import { refusalWords } from './refusal-words';

/**
 * The API's error words in the request's language (Accept-Language or ?lng=). Services and the
 * contract's schemas write their messages in English; the back office and the site show `msg` and
 * the per-field `message` as they come, so a Thai or Chinese screen showed "Invalid data: check the
 * data sent", "Required" or "This booking is not awaiting payment" (issue 35). The error handler
 * (plugins/error-handler.ts) passes every message through `localizeMessage`. The common words are
 * here, the services' refusals in refusal-words.ts and the contract's messages in the contract's
 * word files (contract-words.ts, decision 3543); every-message-words.test.ts reads every message the API can send from the sources
 * and fails on one that has no Thai or Chinese words.
 */
type Words = Record<Exclude<Language, 'en'>, string>;

const exact: Record<string, Words> = {
  ...refusalWords,
  ...contractWords,
  'Invalid data: check the data sent': {
    th: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบข้อมูลที่ส่ง',
    zh: '数据无效，请检查提交的内容',
  },
  'Requested data not found': { th: 'ไม่พบข้อมูลที่ขอ', zh: '未找到所请求的数据' },
  'No permission to access this data': { th: 'ไม่มีสิทธิ์เข้าถึงข้อมูลนี้', zh: '无权访问此数据' },
  'Invalid value': { th: 'ค่าไม่ถูกต้อง', zh: '值无效' },
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

const uploadKinds: Record<string, Words> = {
  slip: { th: 'สลิป', zh: '转账凭证' },
  picture: { th: 'รูป', zh: '图片' },
  photo: { th: 'รูปถ่าย', zh: '照片' },
  receipt: { th: 'ใบเสร็จ', zh: '收据' },
};
const seatNames: Record<string, Words> = {
  'infant seat': { th: 'ที่นั่งทารก', zh: '婴儿座椅' },
  'child seat': { th: 'ที่นั่งเด็ก', zh: '儿童座椅' },
  'booster seat': { th: 'ที่นั่งเสริมสำหรับเด็ก', zh: '儿童增高座垫' },
};
const named = (names: Record<string, Words>, key: string, lang: keyof Words) => names[key]?.[lang] ?? key;

/** Messages with a number or a name in them: the English pattern, and the words around what it caught. */
const patterns: { english: RegExp; words: (m: RegExpExecArray) => Words }[] = [
  {
    english: /^Must be at most (-?[\d.]+)$/,
    words: (m) => ({ th: `ต้องไม่เกิน ${m[1]}`, zh: `不能超过 ${m[1]}` }),
  },
  {
    english: /^Must be at least (-?[\d.]+)$/,
    words: (m) => ({ th: `ต้องไม่น้อยกว่า ${m[1]}`, zh: `不能少于 ${m[1]}` }),
  },
  { english: /^At most ([+−-]?\d+)$/, words: (m) => ({ th: `ไม่เกิน ${m[1]}`, zh: `最多 ${m[1]}` }) },
  { english: /^At least ([+−-]?\d+)$/, words: (m) => ({ th: `อย่างน้อย ${m[1]}`, zh: `至少 ${m[1]}` }) },
  { english: /^At most (\d+) days$/, words: (m) => ({ th: `ไม่เกิน ${m[1]} วัน`, zh: `最多 ${m[1]} 天` }) },
  {
    english: /^At most (\d+) photos$/,
    words: (m) => ({ th: `ไม่เกิน ${m[1]} รูป`, zh: `最多 ${m[1]} 张照片` }),
  },
  { english: /^At most (\d+) marks$/, words: (m) => ({ th: `ไม่เกิน ${m[1]} จุด`, zh: `最多 ${m[1]} 处标记` }) },
  {
    english: /^At most (\d+) decimals$/,
    words: (m) => ({ th: `ทศนิยมไม่เกิน ${m[1]} ตำแหน่ง`, zh: `最多 ${m[1]} 位小数` }),
  },
  {
    english: /^At most (\d+) additional drivers$/,
    words: (m) => ({ th: `ผู้ขับขี่เพิ่มเติมไม่เกิน ${m[1]} คน`, zh: `最多 ${m[1]} 名附加驾驶人` }),
  },
  {
    english: /^At most (\d+) of each kind of seat$/,
    words: (m) => ({ th: `ที่นั่งเด็กแต่ละแบบไม่เกิน ${m[1]} ที่`, zh: `每种儿童座椅最多 ${m[1]} 个` }),
  },
  {
    english: /^A rental lasts at most (\d+) days$/,
    words: (m) => ({ th: `เช่าได้นานสุด ${m[1]} วัน`, zh: `租期最长 ${m[1]} 天` }),
  },
  {
    english: /^Rentals longer than (\d+) days are corporate quotes$/,
    words: (m) => ({
      th: `การเช่าเกิน ${m[1]} วัน กรุณาขอใบเสนอราคาสำหรับองค์กร`,
      zh: `超过 ${m[1]} 天的租赁请申请企业报价`,
    }),
  },
  {
    english:
      /^A card hold lasts a week: the deposit can be held on a card from (\d+) days before the return$/,
    words: (m) => ({
      th: `การกันวงเงินบนบัตรอยู่ได้หนึ่งสัปดาห์ จึงกันเงินประกันบนบัตรได้ตั้งแต่ ${m[1]} วันก่อนคืนรถ`,
      zh: `银行卡预授权只保留一周：押金可在还车前 ${m[1]} 天起冻结在卡上`,
    }),
  },
  {
    english: /^Password must be at (least|most) (\d+) characters$/,
    words: (m) =>
      m[1] === 'least'
        ? { th: `รหัสผ่านต้องมีอย่างน้อย ${m[2]} ตัวอักษร`, zh: `密码至少 ${m[2]} 个字符` }
        : { th: `รหัสผ่านต้องมีไม่เกิน ${m[2]} ตัวอักษร`, zh: `密码最多 ${m[2]} 个字符` },
  },
  {
    english: /^Unknown features: (.+)$/,
    words: (m) => ({ th: `ไม่รู้จักอุปกรณ์: ${m[1]}`, zh: `未知配置：${m[1]}` }),
  },
  {
    english: /^Migrations not applied: (.+)$/,
    words: (m) => ({ th: `ยังไม่ได้ปรับโครงสร้างฐานข้อมูล: ${m[1]}`, zh: `尚未应用的数据库迁移：${m[1]}` }),
  },
  {
    // The database's seat stock (error-handler.ts) and the quote's check (seat-choice.ts).
    english: /^Not enough (.+?)s at this branch for these times: (\d+) left$/,
    words: (m) => ({
      th: `${named(seatNames, m[1]!, 'th')}ที่สาขานี้ในช่วงเวลาดังกล่าวไม่พอ เหลือ ${m[2]} ที่`,
      zh: `该门店在这些时间的${named(seatNames, m[1]!, 'zh')}不足：剩余 ${m[2]} 个`,
    }),
  },
  {
    english: /^Send the (\w+) as multipart\/form-data$/,
    words: (m) => ({
      th: `กรุณาส่ง${named(uploadKinds, m[1]!, 'th')}เป็น multipart/form-data`,
      zh: `请以 multipart/form-data 方式上传${named(uploadKinds, m[1]!, 'zh')}`,
    }),
  },
  {
    english: /^The (\w+) could not be read: send it as multipart\/form-data$/,
    words: (m) => ({
      th: `อ่าน${named(uploadKinds, m[1]!, 'th')}ไม่ได้ กรุณาส่งเป็น multipart/form-data`,
      zh: `无法读取${named(uploadKinds, m[1]!, 'zh')}：请以 multipart/form-data 方式上传`,
    }),
  },
  {
    // explainWriteError: a reference the database refused.
    english: /^.+ refers to something that does not exist or is still in use$/,
    words: () => ({
      th: 'ข้อมูลนี้อ้างถึงรายการที่ไม่มีอยู่ หรือรายการนี้ยังถูกใช้งานอยู่',
      zh: '引用的项目不存在，或该项目仍在使用中',
    }),
  },
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
    english: /^[A-Z][A-Za-z -]* not found$/,
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
