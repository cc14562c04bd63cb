import { describe, expect, it } from 'vitest';
import { demoCarModels } from '../../../../api/src/db/seed/demo-catalog';
import { specInLanguage } from './spec-words';

describe('specifications in the page language (issue 35 part 9)', () => {
  it('says the issue’s examples in Thai and Chinese, and leaves English as written', () => {
    expect(specInLanguage('2,393 cc 4-cyl turbo diesel', 'th')).toBe('2,393 cc 4 สูบ ดีเซลเทอร์โบ');
    expect(specInLanguage('2,393 cc 4-cyl turbo diesel', 'zh')).toBe('2,393 cc 4 缸 涡轮增压柴油');
    expect(specInLanguage('RWD, 6-speed automatic', 'th')).toBe('ขับเคลื่อนล้อหลัง, เกียร์อัตโนมัติ 6 สปีด');
    expect(specInLanguage('RWD, 6-speed automatic', 'zh')).toBe('后驱，6 速自动');
    expect(specInLanguage('148 hp @ 3,400 rpm', 'th')).toBe('148 แรงม้า ที่ 3,400 รอบ/นาที');
    expect(specInLanguage('148 hp @ 3,400 rpm', 'zh')).toBe('148 马力 @ 3,400 转/分');
    expect(specInLanguage('4WD (Super Select 4WD-II), 8-speed automatic', 'zh')).toBe(
      '四驱 (Super Select 4WD-II)，8 速自动',
    );
    expect(specInLanguage('4,425 × 1,740 × 1,480 mm', 'th')).toBe('4,425 × 1,740 × 1,480 มม.');
    expect(specInLanguage('30–80% in 29 min (DC 88 kW)', 'zh')).toBe('30–80% 需 29 分钟 (DC 88 kW)');
    expect(specInLanguage('221 Nm (engine), 202 Nm (motor)', 'zh')).toBe('221 Nm（发动机），202 Nm（电机）');
    expect(specInLanguage('111 hp (system)', 'th')).toBe('111 แรงม้า (รวมทั้งระบบ)');
    expect(specInLanguage('RWD, 6-speed automatic', 'en')).toBe('RWD, 6-speed automatic');
  });

  // Words that stay as they are in every language: units the trade writes the same way, test cycles and
  // the makers' own names of their engines and drives.
  const kept = new Set(
    'cc Nm kW kWh DC NEDC CVT e Dual VVT iE Dualjet SKYACTIV G MIVEC VTEC Turbo CRDi HEV Four E Super Select WD II i'.split(
      ' ',
    ),
  );

  it('leaves no English word in any demo car’s specifications on a Thai or Chinese page', () => {
    const values = demoCarModels.flatMap((m) => Object.values(m.specs) as string[]);
    expect(values.length).toBeGreaterThan(250);
    for (const lang of ['th', 'zh'] as const) {
      const leftovers = values.flatMap((v) =>
        (specInLanguage(v, lang).match(/[A-Za-z]+/g) ?? [])
          .filter((w) => !kept.has(w))
          .map((w) => `${w} in "${v}"`),
      );
      expect(leftovers, lang).toEqual([]);
    }
  });
});
