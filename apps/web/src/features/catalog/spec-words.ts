import type { Language } from '@siam/contract/languages';

/**
 * A car's specifications are written once, in English figures and words ("2,393 cc 4-cyl turbo diesel",
 * "RWD, 6-speed automatic", "148 hp @ 3,400 rpm"). A Thai or Chinese page says them in its own language:
 * each known word or pattern has its Thai and Chinese form here; figures, units the trade writes the same
 * everywhere (cc, Nm, kW, kWh, DC) and makers' technology names (VTEC, MIVEC, SKYACTIV-G, e-CVT …) stay
 * as they are. A spec staff type with words not listed keeps them (and the test lists the demo's words).
 */
type Rule = readonly [RegExp, string, string];

const rules: readonly Rule[] = [
  // Order matters: longer phrases before the words they contain.
  [/(\d+)-cyl\b/g, '$1 สูบ', '$1 缸'],
  [/\bplug-in hybrid motor\b/g, 'มอเตอร์ไฮบริดแบบปลั๊กอิน', '插电混动电机'],
  [/\bhybrid motors\b/g, 'มอเตอร์ไฮบริด', '混动电机'],
  [/\bhybrid motor\b/g, 'มอเตอร์ไฮบริด', '混动电机'],
  [/\b(\d+) motors\b/g, 'มอเตอร์ $1 ตัว', '$1 个电机'],
  [/\bturbo diesel\b/g, 'ดีเซลเทอร์โบ', '涡轮增压柴油'],
  [/\bturbo\b/g, 'เทอร์โบ', '涡轮增压'],
  [/\b(\d+)-speed automatic\b/g, 'เกียร์อัตโนมัติ $1 สปีด', '$1 速自动'],
  [/\b(\d+)-speed manual\b/g, 'เกียร์ธรรมดา $1 สปีด', '$1 速手动'],
  [/\bsingle-speed\b/g, 'เกียร์เดียว', '单速'],
  [/\bFWD\b/g, 'ขับเคลื่อนล้อหน้า', '前驱'],
  [/\bRWD\b/g, 'ขับเคลื่อนล้อหลัง', '后驱'],
  [/\bAWD\b/g, 'ขับเคลื่อนทุกล้อ', '全轮驱动'],
  // "4WD (Super Select 4WD-II)": the drive, not the maker's name for it.
  [/\b4WD\b(?!-)/g, 'ขับเคลื่อนสี่ล้อ', '四驱'],
  [/@ ([\d,–-]+) rpm\b/g, 'ที่ $1 รอบ/นาที', '@ $1 转/分'],
  [/\bhp\b/g, 'แรงม้า', '马力'],
  [/ \(system\)/g, ' (รวมทั้งระบบ)', '（系统综合）'],
  [/ \(front motor\)/g, ' (มอเตอร์หน้า)', '（前电机）'],
  [/ \(motor\)/g, ' (มอเตอร์)', '（电机）'],
  [/ \(engine\)/g, ' (เครื่องยนต์)', '（发动机）'],
  [/ \(NEDC, with charged battery\)/g, ' (NEDC เมื่อแบตเตอรี่เต็ม)', '（NEDC，电池充满时）'],
  [/(\d+–\d+%) in (\d+) min\b/g, '$1 ใน $2 นาที', '$1 需 $2 分钟'],
  [/\bkm\/l\b/g, 'กม./ลิตร', '公里/升'],
  [/(\d) km\b/g, '$1 กม.', '$1 公里'],
  [/(\d) kg\b/g, '$1 กก.', '$1 公斤'],
  [/(\d) mm\b/g, '$1 มม.', '$1 毫米'],
  [/(\d) L\b/g, '$1 ลิตร', '$1 升'],
  [/, /g, ', ', '，'],
];

/** A specification's value in the page's language (English as written). */
export function specInLanguage(value: string, lang: Language | string): string {
  if (lang !== 'th' && lang !== 'zh') return value;
  const column = lang === 'th' ? 1 : 2;
  return rules.reduce((text, rule) => text.replace(rule[0], rule[column] as string), value);
}
