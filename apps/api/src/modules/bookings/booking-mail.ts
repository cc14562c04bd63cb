import type { Booking } from '@siam/contract/bookings';
import { personName } from '@siam/contract/person-names';
import type { Language } from '@siam/contract/languages';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import { baht, tripLines } from './booking-trip-words';

export { baht };

const texts = {
  th: {
    returned_car: (n: string) => `รับรถคืนแล้ว: ${n}`,
    returnedBody:
      'เราได้รับรถคืนเรียบร้อยแล้ว ขอบคุณที่ใช้บริการ รายการค่าใช้จ่ายหลังคืนรถ (ถ้ามี) หักจากเงินประกันตามรายการด้านล่าง รูปถ่ายและบันทึกสภาพรถดูได้ในหน้าการจองของฉัน',
    charge: { late: 'คืนรถล่าช้า', fuel: 'ค่าน้ำมัน', cleaning: 'ค่าทำความสะอาด', damage: 'ค่าเสียหาย' },
    hours: (h: number) => `${h} ชั่วโมง`,
    noCharges: 'ไม่มีค่าใช้จ่ายเพิ่มเติม',
    depositKept: 'หักจากเงินประกัน',
    depositBack: 'เงินประกันที่คืน',
    receipt: (n: string) => `ใบเสร็จรับเงินของการจอง ${n}`,
    receiptBody: 'ขอบคุณที่ชำระเงินที่เคาน์เตอร์ ใบเสร็จรับเงิน (PDF) เปิดได้จากลิงก์ด้านล่าง',
    receiptLink: 'ใบเสร็จรับเงิน',
    changed: (n: string) => `เปลี่ยนแปลงการจองแล้ว: ${n}`,
    changedBody:
      'เราได้เปลี่ยนแปลงการจองนี้ตามที่คุณขอแล้ว (วันและเวลา รถ หรือบริการเสริม) รายละเอียดและยอดรวมใหม่อยู่ด้านล่าง ส่วนต่างที่ชำระเพิ่มหรือเงินที่คืนจะแสดงในหน้าการจองของฉัน',
    created: (n: string) => `ได้รับการจองของคุณแล้ว: ${n}`,
    confirmed: (n: string) => `ยืนยันการชำระเงินแล้ว: ${n}`,
    onAccount: (n: string) => `ยืนยันการจองแล้ว: ${n}`,
    onAccountBody: (company: string) =>
      `การจองของคุณได้รับการยืนยันแล้ว และเรียกเก็บกับ ${company} ในใบกำกับภาษีรายเดือน ไม่ต้องชำระเงินตอนนี้ รถของคุณพร้อมให้บริการตามวันเวลาด้านล่าง`,
    cancelled: (n: string) => `ยกเลิกการจองแล้ว: ${n}`,
    slip_rejected: (n: string) => `สลิปการโอนเงินไม่ผ่านการตรวจสอบ: ${n}`,
    payment_failed: (n: string) => `การชำระเงินด้วยบัตรไม่สำเร็จ: ${n}`,
    refund_paid: (n: string) => `เราโอนเงินคืนให้คุณแล้ว: ${n}`,
    refundPaidBody:
      'เราได้โอนเงินคืนสำหรับการจองนี้ไปยังพร้อมเพย์ที่คุณให้ไว้ (หรือตามช่องทางที่แจ้งไว้) แล้ว ตามยอดด้านล่าง รายละเอียดอยู่ในหน้าการจองของฉัน',
    refundWaits: (amount: string) =>
      `เงินคืน ${amount} จะโอนเข้าพร้อมเพย์ของคุณ: กรุณาระบุหมายเลขพร้อมเพย์ (เบอร์มือถือหรือเลขบัตรประชาชน 13 หลัก) ในหน้าการจองของฉัน`,
    payment_returned: (n: string) => `เราคืนเงินที่ชำระเข้ามาแล้ว: ${n}`,
    paymentReturnedBody:
      'เงินที่คุณชำระสำหรับการจองนี้เข้ามาหลังจากการจองสิ้นสุดแล้ว (หมดเวลาชำระหรือถูกยกเลิก) หรือไม่ตรงกับยอดของการจอง จึงไม่ได้ใช้ชำระการจองใด เราได้คืนเงินเต็มจำนวนไปยังช่องทางเดิมที่คุณชำระแล้ว ธนาคารอาจใช้เวลาสองสามวันในการแสดงรายการ',
    returned: 'ยอดที่คืน',
    paymentFailedBody:
      'ธนาคารไม่ได้ยืนยันการชำระเงินด้วยบัตรของคุณ จึงไม่มีการเรียกเก็บเงิน รถยังถูกกันไว้ให้การจองนี้จนถึงเวลาด้านล่าง ชำระได้อีกครั้งในหน้าการจองด้วยบัตรใบอื่นหรือช่องทางอื่น',
    slipRejectedBody: 'เราไม่สามารถยืนยันสลิปที่คุณส่งมาได้ กรุณาตรวจสอบและแนบสลิปใหม่ก่อนหมดเวลาชำระเงิน',
    reason: 'เหตุผล',
    hello: (name: string) => `เรียน คุณ${name}`,
    createdBody: 'เราได้รับการจองของคุณแล้ว กรุณาชำระเงินและแนบสลิปก่อนเวลาด้านล่าง มิฉะนั้นการจองจะถูกยกเลิกอัตโนมัติ',
    createdOnlineBody:
      'เราได้รับการจองของคุณแล้ว กรุณาชำระเงินในหน้าการจองก่อนเวลาด้านล่าง การจองจะได้รับการยืนยันทันทีที่ชำระ ไม่ต้องแนบสลิป',
    payBy: 'ชำระเงินภายใน',
    confirmedBody: 'เราได้รับชำระเงินเรียบร้อยแล้ว รถของคุณพร้อมให้บริการตามวันเวลาด้านล่าง',
    cancelledBody: 'การจองนี้ถูกยกเลิกแล้ว',
    car: 'รถ',
    pickup: 'รับรถ',
    ret: 'คืนรถ',
    branch: 'สาขา',
    total: 'ยอดรวม (รวม VAT)',
    fee: 'ค่ายกเลิก',
    view: 'ดูการจองของคุณ',
    thanks: 'ขอบคุณที่ใช้บริการ สยามไดรฟ์',
  },
  en: {
    returned_car: (n: string) => `Your car is back with us: ${n}`,
    returnedBody:
      'We have your car back, thank you. Any charges after the return are taken from the deposit as listed below; the photos and the condition report are in My bookings.',
    charge: { late: 'Late return', fuel: 'Fuel', cleaning: 'Cleaning', damage: 'Damage' },
    hours: (h: number) => `${h} h`,
    noCharges: 'No charges',
    depositKept: 'Taken from the deposit',
    depositBack: 'Deposit returned',
    receipt: (n: string) => `Your receipt for booking ${n}`,
    receiptBody: 'Thank you for paying at our counter. Your receipt (PDF) opens from the link below.',
    receiptLink: 'Receipt',
    changed: (n: string) => `Your booking has changed: ${n}`,
    changedBody:
      'We have changed this booking as you asked (its dates and times, its car or its extras). The new details and total are below; any difference you paid or that we give back is shown in My bookings.',
    created: (n: string) => `We have your booking: ${n}`,
    confirmed: (n: string) => `Payment confirmed: ${n}`,
    onAccount: (n: string) => `Booking confirmed: ${n}`,
    onAccountBody: (company: string) =>
      `Your booking is confirmed and billed to ${company} on its monthly tax invoice: there is nothing to pay now. Your car will be ready at the times below.`,
    cancelled: (n: string) => `Booking cancelled: ${n}`,
    slip_rejected: (n: string) => `We could not accept your transfer slip: ${n}`,
    payment_failed: (n: string) => `Your card payment did not go through: ${n}`,
    refund_paid: (n: string) => `We have sent your refund: ${n}`,
    refundPaidBody:
      'We have sent the refund for this booking to the PromptPay ID you gave us (or the way we agreed with you), for the amount below. The details are in My bookings.',
    refundWaits: (amount: string) =>
      `Your refund of ${amount} goes to your PromptPay: give us a PromptPay ID (a mobile number or a 13-digit ID) in My bookings.`,
    payment_returned: (n: string) => `We have refunded your payment: ${n}`,
    paymentReturnedBody:
      "Your payment for this booking arrived after the booking had ended (its time to pay ran out, or it was cancelled), or was not the booking's total, so it paid for nothing. We have refunded it in full to where it came from; your bank may take a few days to show it.",
    returned: 'Refunded',
    paymentFailedBody:
      'The bank did not confirm your card payment, so nothing was charged. The car stays held for this booking until the time below: pay again on the booking’s page with another card or another way.',
    slipRejectedBody:
      'We could not verify the slip you sent. Please check it and upload a new one before the time to pay runs out.',
    reason: 'Reason',
    hello: (name: string) => `Dear ${name},`,
    createdBody:
      'We have your booking. Please pay and send the slip by the time below, or the booking is cancelled automatically.',
    createdOnlineBody:
      "We have your booking. Please pay on the booking's page by the time below: it is confirmed as soon as the payment goes through, no slip needed.",
    payBy: 'Pay by',
    confirmedBody: 'We have received your payment. Your car will be ready at the times below.',
    cancelledBody: 'This booking has been cancelled.',
    car: 'Car',
    pickup: 'Pickup',
    ret: 'Return',
    branch: 'Branch',
    total: 'Total (VAT included)',
    fee: 'Cancellation fee',
    view: 'See your booking',
    thanks: 'Thank you for choosing Siam Drive',
  },
  zh: {
    returned_car: (n: string) => `车辆已归还：${n}`,
    returnedBody:
      '我们已收回车辆，感谢您的惠顾。还车后的费用（如有）将按下列明细从押金中扣除；照片和车况记录可在“我的预订”中查看。',
    charge: { late: '逾时还车', fuel: '燃油费', cleaning: '清洁费', damage: '损坏赔偿' },
    hours: (h: number) => `${h} 小时`,
    noCharges: '无额外费用',
    depositKept: '从押金中扣除',
    depositBack: '退还押金',
    receipt: (n: string) => `预订 ${n} 的收据`,
    receiptBody: '感谢您在柜台付款。点击下方链接即可打开收据（PDF）。',
    receiptLink: '收据',
    changed: (n: string) => `您的预订已更改：${n}`,
    changedBody:
      '我们已按您的要求更改此预订（日期和时间、车辆或附加服务）。新的详情和总额如下；补付的差额或退还的款项可在“我的预订”中查看。',
    created: (n: string) => `我们已收到您的预订：${n}`,
    confirmed: (n: string) => `付款已确认：${n}`,
    onAccount: (n: string) => `预订已确认：${n}`,
    onAccountBody: (company: string) =>
      `您的预订已确认，费用计入${company}的月度税务发票，现在无需付款。车辆将按以下时间为您准备好。`,
    cancelled: (n: string) => `预订已取消：${n}`,
    slip_rejected: (n: string) => `您的转账凭证未通过审核：${n}`,
    payment_failed: (n: string) => `您的银行卡付款未成功：${n}`,
    refund_paid: (n: string) => `我们已将退款转给您：${n}`,
    refundPaidBody:
      '我们已将本预订的退款按下方金额转入您提供的 PromptPay（或与您约定的方式）。详情请见"我的预订"。',
    refundWaits: (amount: string) =>
      `您的退款 ${amount} 将转入您的 PromptPay：请在"我的预订"中填写 PromptPay 号码（手机号或 13 位身份证号）。`,
    payment_returned: (n: string) => `我们已退还您的付款：${n}`,
    paymentReturnedBody:
      '您为此预订支付的款项在预订结束后（付款期限已过或已取消）才到账，或与预订金额不符，因此未用于任何预订。我们已将其全额退回原付款渠道，银行可能需要几天时间显示。',
    returned: '退款金额',
    paymentFailedBody:
      '银行未确认您的银行卡付款，因此未扣款。此预订的车辆将保留至以下期限：请在预订页面使用其他银行卡或其他方式重新付款。',
    slipRejectedBody: '我们无法核实您上传的转账凭证，请检查后在付款期限前重新上传。',
    reason: '原因',
    hello: (name: string) => `${name}，您好：`,
    createdBody: '我们已收到您的预订。请在以下期限前付款并上传转账凭证，否则预订将自动取消。',
    createdOnlineBody:
      '我们已收到您的预订。请在以下期限前在预订页面付款：付款成功后预订立即确认，无需上传凭证。',
    payBy: '付款期限',
    confirmedBody: '我们已收到您的付款，车辆将按以下时间为您准备好。',
    cancelledBody: '此预订已取消。',
    car: '车辆',
    pickup: '取车',
    ret: '还车',
    branch: '门店',
    total: '总计（含增值税）',
    fee: '取消费',
    view: '查看您的预订',
    thanks: '感谢您选择暹罗租车',
  },
} as const;

/** A moment as Bangkok's wall clock, in the mail's language (e.g. 24 Nov 2026, 21:15). */
export function bangkokDateTime(iso: string, lang: Language): string {
  const locale = lang === 'th' ? 'th-TH' : lang === 'zh' ? 'zh-CN' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export type BookingMailKind =
  | 'created'
  | 'confirmed'
  | 'cancelled'
  | 'slip_rejected'
  | 'payment_failed'
  | 'payment_returned'
  | 'refund_paid'
  | 'changed'
  | 'returned_car'
  /** A walk-in's receipt, paid at the counter: its link (receiptUrl). */
  | 'receipt';

/**
 * The booking emails (made, payment confirmed, cancelled, slip refused, card not charged, money that
 * paid nothing given back) in the customer's language.
 */
export function bookingMail(
  kind: BookingMailKind,
  booking: Booking,
  lang: Language,
  publicUrl: string,
  extra: {
    /** A slip's refusal reason. */
    note?: string;
    /** What was given back (payment_returned, refund_paid), or waits for a PromptPay ID (cancelled). */
    amountSatang?: number;
    /** The booking is paid through the gateway (PromptPay there, a wallet): no slip to send. */
    paysOnline?: boolean;
    /** Staff's changes to the licence rules: the documents each driver brings (decision 3601). */
    licenceRules?: LicenceRuleChanges;
    /** The receipt's signed link (receipt). */
    receiptUrl?: string;
  } = {},
) {
  const { note, amountSatang } = extra;
  const t = texts[lang];
  // Confirmed on a company's account: nothing was paid, the company is billed monthly.
  const company = kind === 'confirmed' && booking.taxInvoice?.monthly ? booking.taxInvoice.companyName : null;
  const subject = company ? t.onAccount(booking.bookingNumber) : t[kind](booking.bookingNumber);
  const bodies: Record<BookingMailKind, string> = {
    created: extra.paysOnline ? t.createdOnlineBody : t.createdBody,
    confirmed: company ? t.onAccountBody(company) : t.confirmedBody,
    cancelled: t.cancelledBody,
    slip_rejected: t.slipRejectedBody,
    payment_failed: t.paymentFailedBody,
    payment_returned: t.paymentReturnedBody,
    refund_paid: t.refundPaidBody,
    changed: t.changedBody,
    returned_car: t.returnedBody,
    receipt: t.receiptBody,
  };
  const body = bodies[kind];
  const lines = [
    t.hello(personName(booking.driver.firstName, booking.driver.lastName)),
    '',
    body,
    ...(kind === 'slip_rejected' && note ? [`${t.reason}: ${note}`] : []),
    ...((kind === 'payment_returned' || kind === 'refund_paid') && amountSatang !== undefined
      ? [`${t.returned}: ${baht(amountSatang, lang)}`]
      : []),
    // Cancelled with money staff send back: the customer is asked for a PromptPay ID (decision 3650).
    ...(kind === 'cancelled' && amountSatang ? [t.refundWaits(baht(amountSatang, lang))] : []),
    ...((kind === 'created' || kind === 'slip_rejected' || kind === 'payment_failed') && booking.payBy
      ? [`${t.payBy}: ${bangkokDateTime(booking.payBy, lang)}`]
      : []),
    '',
    `${t.car}: ${booking.carName}`,
    `${t.branch}: ${booking.branchName}`,
    `${t.pickup}: ${booking.pickupDate} ${booking.pickupTime}`,
    `${t.ret}: ${booking.returnDate} ${booking.returnTime}`,
    `${t.total}: ${baht(booking.total, lang)}`,
    // Made, paid or changed: the return branch, the counter, the extras, what to bring, the deposit.
    ...(kind === 'created' || kind === 'confirmed' || kind === 'changed'
      ? ['', ...tripLines(booking, lang, extra.licenceRules ?? {})]
      : []),
    ...(kind === 'returned_car'
      ? [
          '',
          ...(booking.charges.length
            ? booking.charges.map(
                (c) =>
                  `${t.charge[c.kind]}${c.hours ? ` (${t.hours(c.hours)})` : ''}${c.note ? `, ${c.note}` : ''}: ${baht(c.amount, lang)}`,
              )
            : [t.noCharges]),
          ...(booking.deposit.state === 'released' || booking.deposit.state === 'partly_released'
            ? [
                `${t.depositKept}: ${baht(booking.deposit.kept, lang)}`,
                `${t.depositBack}: ${baht(booking.deposit.amount - booking.deposit.kept, lang)}`,
              ]
            : []),
        ]
      : []),
    ...(kind === 'receipt' && extra.receiptUrl ? ['', `${t.receiptLink}: ${extra.receiptUrl}`] : []),
    ...(kind === 'cancelled' && booking.cancellationFee
      ? [`${t.fee}: ${baht(booking.cancellationFee, lang)}`]
      : []),
    '',
    `${t.view}: ${publicUrl}/my-bookings?lng=${lang}`,
    '',
    t.thanks,
  ];
  const text = lines.join('\n');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.6">${lines
    .map((l) => (l ? `<p style="margin:0">${esc(l)}</p>` : '<br>'))
    .join('')}</body></html>`;
  return { subject, text, html };
}
