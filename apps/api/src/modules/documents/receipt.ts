import type { Booking } from '@siam/contract/bookings';
import { personName } from '@siam/contract/person-names';
import type { Language } from '@siam/contract/languages';
import type { BookingsService } from '../bookings/bookings.service';

/** A payment of the booking as the receipt lists it (BookingsService.payments). */
export type PaymentRow = Awaited<ReturnType<BookingsService['payments']>>[number];
import { pdfWriter } from '../../lib/pdf/pdf-writer';
import { counterPaymentMethods } from '@siam/contract/payment-methods';

const labels = {
  th: {
    title: 'ใบเสร็จรับเงิน / ใบยืนยันการจอง',
    number: 'เลขที่การจอง',
    status: 'สถานะ',
    customer: 'ผู้เช่า',
    car: 'รถ',
    branch: 'สาขารับรถ',
    pickup: 'รับรถ',
    ret: 'คืนรถ',
    days: 'จำนวนวัน',
    rental: 'ค่าเช่า',
    hotDeal: 'ส่วนลดดีลพิเศษ',
    promo: 'โค้ดส่วนลด',
    one_way: 'ค่าคืนรถต่างสาขา',
    delivery: 'ค่าส่งรถ',
    collection: 'ค่ารับรถคืน',
    out_of_hours: 'ค่าบริการนอกเวลาทำการ',
    total: 'ยอดรวม',
    vat: 'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)',
    payment: 'การชำระเงิน',
    unpaid: 'ยังไม่ได้ชำระเงิน',
    refund: 'คืนเงิน',
    issued: 'ออกเมื่อ',
    methods: {
      card: 'บัตรเครดิต/เดบิต',
      bank_transfer: 'โอนเงินผ่านธนาคาร',
      promptpay: 'พร้อมเพย์',
      wechat_pay: 'WeChat Pay',
      alipay: 'Alipay',
      cash: 'เงินสด',
      card_terminal: 'เครื่องรับบัตรที่เคาน์เตอร์',
    },
    reference: 'อ้างอิง',
  },
  en: {
    title: 'Receipt / booking confirmation',
    number: 'Booking number',
    status: 'Status',
    customer: 'Driver',
    car: 'Car',
    branch: 'Pickup branch',
    pickup: 'Pickup',
    ret: 'Return',
    days: 'Days',
    rental: 'Rental',
    hotDeal: 'Hot deal discount',
    promo: 'Promotion code',
    one_way: 'One-way return',
    delivery: 'Delivery',
    collection: 'Collection',
    out_of_hours: 'Out-of-hours pickup or return',
    total: 'Total',
    vat: 'VAT 7% (included)',
    payment: 'Payment',
    unpaid: 'Not paid yet',
    refund: 'Refund',
    issued: 'Issued',
    methods: {
      card: 'Card',
      bank_transfer: 'Bank transfer',
      promptpay: 'PromptPay',
      wechat_pay: 'WeChat Pay',
      alipay: 'Alipay',
      cash: 'Cash',
      card_terminal: 'Card terminal at the counter',
    },
    reference: 'Reference',
  },
  zh: {
    title: '收据 / 预订确认',
    number: '预订编号',
    status: '状态',
    customer: '驾驶人',
    car: '车辆',
    branch: '取车门店',
    pickup: '取车',
    ret: '还车',
    days: '天数',
    rental: '租金',
    hotDeal: '特惠折扣',
    promo: '优惠码',
    one_way: '异地还车费',
    delivery: '送车费',
    collection: '上门取车费',
    out_of_hours: '非营业时间交接费',
    total: '总计',
    vat: '增值税7%（已含）',
    payment: '付款',
    unpaid: '尚未付款',
    refund: '退款',
    issued: '开具时间',
    methods: {
      card: '银行卡',
      bank_transfer: '银行转账',
      promptpay: 'PromptPay',
      wechat_pay: '微信支付',
      alipay: '支付宝',
      cash: '现金',
      card_terminal: '柜台刷卡机',
    },
    reference: '参考号',
  },
} as const;

/**
 * The reference staff typed for money taken at the counter (the card terminal's slip, the PromptPay
 * QR's transaction), printed under its payment; none for the gateway's own charge ids, nor the fixed
 * words the desk records when nothing was typed (counterReferences).
 */
function counterReference(p: PaymentRow): string | null {
  if (p.gateway || !p.gateway_ref || p.kind !== 'charge') return null;
  if (!(counterPaymentMethods as readonly string[]).includes(p.method)) return null;
  // The desk's fixed words ('cash received by staff', bookings-admin counterReferences) are no reference.
  return /^[a-z ]+ by staff$/.test(p.gateway_ref) ? null : p.gateway_ref;
}

/** Why a booking not paid yet has no receipt, in the customer's language. */
export const receiptNotPaid: Record<Language, string> = {
  th: 'ใบเสร็จรับเงินออกให้เมื่อชำระเงินการจองนี้แล้ว',
  en: 'A receipt is issued once this booking is paid',
  zh: '预订付款后才会开具收据',
};

/** The receipt as a PDF: the booking, the price breakdown and the payments. */
export async function renderReceipt(
  booking: Booking,
  payments: PaymentRow[],
  requested: Language,
  statusLabel: string,
): Promise<Buffer> {
  const pdf = pdfWriter(`Siam Drive ${booking.bookingNumber}`);
  const { doc, write, row, money } = pdf;
  const lang: Language = requested === 'zh' && !pdf.chinese ? 'en' : requested;
  const L = labels[lang];

  write('Siam Drive', { bold: true, size: 20 });
  write(L.title, { bold: true, size: 14 });
  doc.moveDown();
  row(L.number, booking.bookingNumber, true);
  row(L.status, statusLabel);
  row(L.customer, personName(booking.driver.firstName, booking.driver.lastName));
  row(L.car, booking.carName);
  row(L.branch, booking.branchName);
  row(L.pickup, `${booking.pickupDate} ${booking.pickupTime}`);
  row(L.ret, `${booking.returnDate} ${booking.returnTime}`);
  row(L.days, String(booking.days));
  doc.moveDown();
  row(`${L.rental} (${booking.days} × ${money(booking.pricePerDay)})`, money(booking.rentalAmount));
  for (const rule of booking.priceRules)
    row(rule.label, rule.amount < 0 ? `-${money(-rule.amount)}` : `+${money(rule.amount)}`);
  if (booking.hotDealDiscount)
    row(`${L.hotDeal} ${booking.hotDealPercent ?? ''}%`, `-${money(booking.hotDealDiscount)}`);
  for (const a of booking.addons)
    row(`${a.label} (${booking.days} × ${money(a.pricePerDay)})`, money(a.amount));
  if (booking.promoDiscount) row(`${L.promo} ${booking.promoCode}`, `-${money(booking.promoDiscount)}`);
  for (const fee of booking.fees) row(`${L[fee.code]}: ${fee.label}`, money(fee.amount));
  row(L.total, money(booking.total), true);
  row(L.vat, money(booking.vat));
  doc.moveDown();
  write(L.payment, { bold: true, size: 12 });
  const settled = payments.filter((p) => p.status === 'succeeded' || p.kind === 'refund');
  if (settled.length === 0) write(L.unpaid);
  for (const p of settled) {
    const card = p.card_last4 ? ` ${p.card_brand ?? ''} •••• ${p.card_last4}` : '';
    row(
      `${p.kind === 'refund' ? L.refund : L.methods[p.method]}${card} ${new Date(p.created_ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `${p.kind === 'refund' ? '-' : ''}${money(p.amount)}`,
    );
    const reference = counterReference(p);
    if (reference) write(`${L.reference}: ${reference}`, { size: 9 });
  }
  doc.moveDown(2);
  write(`${L.issued}: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, { size: 9 });
  return pdf.finish();
}
