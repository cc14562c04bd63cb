import { createHash } from 'node:crypto';
import { personName } from '@siam/contract/person-names';
import type { Booking } from '@siam/contract/bookings';
import { pdfWriter } from '../../lib/pdf/pdf-writer';
import { lateReturnRule } from '@siam/contract/rental-rules';

/** Every heading and clause in Thai, English and Chinese, one under the other: one paper for every party. */
const tri = (th: string, en: string, zh: string) => [th, en, zh] as const;

const L = {
  title: tri('สัญญาเช่ารถยนต์', 'Car rental agreement', '汽车租赁合同'),
  booking: tri('เลขที่การจอง', 'Booking', '预订编号'),
  car: tri('รถ', 'Car', '车辆'),
  plate: tri('ทะเบียนรถ', 'Registration plate', '车牌号'),
  vin: tri('เลขตัวถัง (VIN)', 'Vehicle identification number (VIN)', '车架号（VIN）'),
  period: tri('ระยะเวลาเช่า', 'Rental period', '租期'),
  branch: tri('สาขารับรถ / คืนรถ', 'Pickup / return branch', '取车 / 还车门店'),
  drivers: tri('ผู้ขับขี่', 'Drivers', '驾驶人'),
  total: tri('ค่าเช่ารวม (รวม VAT)', 'Rental total (VAT included)', '租金总额（含增值税）'),
  deposit: tri('เงินประกัน', 'Security deposit', '押金'),
  pickup: tri('สภาพรถเมื่อรับรถ', 'Condition at pickup', '取车时车况'),
  fuel: tri('น้ำมัน', 'Fuel', '燃油'),
  mileage: tri('เลขไมล์', 'Mileage', '里程'),
  damage: tri('รอยเสียหายที่บันทึก', 'Damage marked', '已标记损伤'),
  photos: tri('รูปถ่าย', 'Photos', '照片'),
  terms: tri('ข้อตกลง', 'Terms', '条款'),
  signed: tri('ลงนามโดย', 'Signed by', '签署人'),
  signedAt: tri('ลงนามเมื่อ (เวลากรุงเทพฯ)', 'Signed at (Bangkok time)', '签署时间（曼谷时间）'),
  witness: tri('พนักงานผู้ส่งมอบรถ', 'Handed over by (staff)', '交车员工'),
  fingerprint: tri(
    'ลายนิ้วมือเอกสาร (SHA-256 ของข้อมูลสัญญาและลายเซ็น)',
    'Document fingerprint (SHA-256 of the agreement data and the signature)',
    '文件指纹（合同数据与签名的 SHA-256）',
  ),
} as const;

const CLAUSES = [
  tri(
    'ผู้เช่ารับรถในสภาพตามบันทึกและรูปถ่ายข้างต้น และจะคืนรถในสภาพเดียวกัน ณ สาขาและเวลาที่ตกลง',
    'The renter takes the car in the condition recorded above and in the photos, and returns it in the same condition at the agreed branch and time.',
    '承租人按上述记录及照片所示车况取车，并于约定门店和时间以相同车况还车。',
  ),
  tri(
    `การคืนรถล่าช้าเกิน ${lateReturnRule.courtesyMinutes} นาทีคิดค่าบริการตามอัตราชั่วโมงของบริษัท ไม่เกินค่าเช่าหนึ่งวันต่อวัน`,
    `Returning more than ${lateReturnRule.courtesyMinutes} minutes late is charged by the hour at the company’s late-return rate, never more than a day’s price per day.`,
    `逾时超过 ${lateReturnRule.courtesyMinutes} 分钟按公司逾时费率按小时计费，每天不超过一天的租金。`,
  ),
  tri(
    'ค่าน้ำมันที่ขาด ค่าทำความสะอาด และความเสียหายใหม่ หักจากเงินประกันพร้อมหลักฐานรูปถ่าย',
    'Missing fuel, cleaning and new damage are taken from the deposit, with the photos as evidence.',
    '燃油不足、清洁及新增损伤费用将从押金中扣除，并以照片为证。',
  ),
  tri(
    'ผู้ขับขี่ต้องเป็นผู้ที่ระบุในสัญญานี้เท่านั้น และต้องพกใบขับขี่ที่ใช้ได้ตลอดการเช่า',
    'Only the drivers named here may drive, each carrying a valid licence throughout the rental.',
    '仅限本合同列明的驾驶人驾驶，且租期内须随身携带有效驾照。',
  ),
  tri(
    'เงื่อนไขการเช่าฉบับเต็มอยู่ที่หน้าเงื่อนไขการเช่าของเว็บไซต์ ณ วันที่จอง',
    'The full rental terms are those on the site’s rental terms page on the day of booking.',
    '完整租赁条款以预订当日网站租赁条款页面为准。',
  ),
];

const bangkok = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(at);

/**
 * The rental agreement as signed (docs/decisions/1804): the booking, its drivers and the pickup's
 * condition report, the clauses in th/en/zh, the drawn signature, who signed and when. Its fingerprint
 * (over the data and the signature) is printed on it; the SHA-256 of the whole file is kept beside it.
 */
export interface RentalAgreementInput {
  booking: Booking;
  /** The registration plate of the car handed over (the booking's unit); null when none was given. */
  plate: string | null;
  /** That unit's VIN (ISO 3779, fleet's record); null while staff have not entered it. */
  vin: string | null;
  signature: Buffer;
  signerName: string;
  signedAt: Date;
  /** The staff member on whose phone the customer signed, or null (the customer's own phone). */
  witness: string | null;
}

export async function rentalAgreementPdf(input: RentalAgreementInput): Promise<Buffer> {
  const { booking, plate, vin, signature, signerName, signedAt, witness } = input;
  const { doc, write, row, money, finish } = pdfWriter(`Rental agreement ${booking.bookingNumber}`);
  const label = (l: readonly [string, string, string]) => l.join(' / ');
  const pickup = booking.conditionReports.find((r) => r.kind === 'pickup');

  for (const [i, line] of L.title.entries()) write(line, { bold: true, size: i === 0 ? 18 : 14 });
  doc.moveDown(0.5);
  row(label(L.booking), booking.bookingNumber, true);
  row(label(L.car), booking.carName);
  if (plate) row(label(L.plate), plate);
  if (vin) row(label(L.vin), vin);
  row(
    label(L.period),
    `${booking.pickupDate} ${booking.pickupTime} – ${booking.returnDate} ${booking.returnTime}`,
  );
  row(label(L.branch), `${booking.branchName} / ${booking.returnBranchName}`);
  const drivers = booking.drivers.length
    ? booking.drivers.map(
        (d) => `${personName(d.firstName, d.lastName)} (${d.licenceCountry} ${d.licenceNumber})`,
      )
    : [personName(booking.driver.firstName, booking.driver.lastName)];
  row(label(L.drivers), drivers.join(', '));
  row(label(L.total), money(booking.total));
  row(label(L.deposit), money(booking.deposit.amount));
  if (pickup) {
    doc.moveDown(0.5);
    write(label(L.pickup), { bold: true, size: 12 });
    row(label(L.fuel), `${pickup.fuelEighths}/8`);
    row(label(L.mileage), `${pickup.mileageKm.toLocaleString('en-US')} km`);
    row(
      label(L.damage),
      pickup.damage.length
        ? pickup.damage.map((d, i) => `${i + 1}. ${d.type}${d.note ? ` (${d.note})` : ''}`).join(', ')
        : '0',
    );
    row(label(L.photos), String(pickup.photos.length));
  }
  doc.moveDown(0.5);
  write(label(L.terms), { bold: true, size: 12 });
  CLAUSES.forEach((clause, i) => {
    for (const [j, text] of clause.entries())
      write(`${j === 0 ? `${i + 1}. ` : '    '}${text}`, { size: 9.5 });
    doc.moveDown(0.2);
  });
  doc.moveDown(0.5);
  if (doc.y > 640) doc.addPage();
  write(label(L.signed), { bold: true });
  doc.image(signature, 50, doc.y + 4, { fit: [220, 90] });
  doc.y += 100;
  doc.x = 50;
  row(signerName, '');
  row(label(L.signedAt), bangkok(signedAt));
  if (witness) row(label(L.witness), witness);
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        booking: booking.bookingNumber,
        car: booking.carName,
        plate,
        // Only when there is one: an agreement without a VIN keeps the fingerprint it always had.
        ...(vin && { vin }),
        pickup: [booking.pickupDate, booking.pickupTime],
        return: [booking.returnDate, booking.returnTime],
        drivers,
        total: booking.total,
        deposit: booking.deposit.amount,
        report: pickup ?? null,
        signerName,
        signedAt: signedAt.toISOString(),
      }),
    )
    .update(signature)
    .digest('hex');
  doc.moveDown(0.3);
  write(label(L.fingerprint), { size: 8 });
  write(fingerprint, { size: 8 });
  return finish();
}
