import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { migrationsDir } from './migrate';

// Migration 2030 (issue 35 part 9, docs/glossary.md): words written before the glossary, in rows a
// database already holds, follow it; rows staff edited since stay theirs.
const migration2030 = readFileSync(
  path.join(migrationsDir(), '2030_glossary_words_in_seeded_rows.sql'),
  'utf8',
);

const oldDeposit = {
  th: 'เงินมัดจำ 3,000–15,000 บาท ตามรุ่นรถ คืนเต็มจำนวนหลังตรวจสภาพรถ',
  en: 'Security deposit of ฿3,000–15,000 depending on the car, refunded in full after inspection',
  zh: '押金 3,000–15,000 泰铢（视车型而定），验车后全额退还',
};
const oldExtras = {
  th: 'เบาะนั่งเด็ก เครื่องนำทาง GPS และพนักงานขับรถ (บริการเสริม)',
  en: 'Child seat, GPS unit and driver (optional extras)',
  zh: '儿童座椅、GPS 导航仪和司机服务（另行收费）',
};
const editedByStaff = { ...oldExtras, en: 'Child seat ฿100 a day, GPS unit and driver (optional extras)' };

describeEachDatabase(
  'migration 2030: the glossary in rows seeded before it',
  (ctx) => {
    it('names the insurance add-on 零免赔额 in Chinese (0301 wrote 零自付额)', async () => {
      const [addon] = await ctx.database.query<{ zh: string; zhDescription: string; th: string }>(
        `SELECT name->>'zh' AS zh, description->>'zh' AS "zhDescription", name->>'th' AS th
           FROM addons WHERE code = 'insurance'`,
      );
      expect(addon).toEqual({
        zh: '附加保险（零免赔额）',
        zhDescription: '发生事故时免赔额降为0泰铢',
        th: 'ประกันภัยเพิ่มเติม (ไม่มีค่าเสียหายส่วนแรก)',
      });
    });

    it('brings the old demo conditions in line and leaves a row staff edited alone', async () => {
      await ctx.database.exec('DELETE FROM rental_conditions');
      await ctx.database.query(
        `INSERT INTO rental_conditions (kind, text, sort_order) VALUES
           ('not_included', $1::jsonb, 4), ('not_included', $2::jsonb, 6), ('not_included', $3::jsonb, 7)`,
        [JSON.stringify(oldDeposit), JSON.stringify(oldExtras), JSON.stringify(editedByStaff)],
      );
      await ctx.database.exec(migration2030);
      const rows = await ctx.database.query<{ sort_order: number; text: Record<string, string> }>(
        'SELECT sort_order, text FROM rental_conditions ORDER BY sort_order',
      );
      expect(rows).toEqual([
        {
          sort_order: 4,
          text: {
            th: 'เงินประกันของรถคันนี้ ชำระตอนรับรถ ได้รับคืนหลังตรวจสภาพรถ',
            en: "The car's security deposit, paid at pickup and refunded after inspection",
            zh: '本车押金，取车时缴纳，验车后退还',
          },
        },
        {
          sort_order: 6,
          text: {
            th: 'เครื่องนำทาง GPS และพนักงานขับรถ (บริการเสริมมีค่าบริการ) คาร์ซีทเด็กฟรีเมื่อเลือกตอนจอง',
            en: 'GPS unit and driver (paid extras); a child seat is free when chosen on the booking',
            zh: 'GPS 导航仪和司机服务（付费附加服务）；儿童座椅在预订时选择即免费',
          },
        },
        { sort_order: 7, text: editedByStaff },
      ]);
      // Run twice (a second start never reruns it, but the SQL itself changes nothing more).
      await ctx.database.exec(migration2030);
      expect(
        await ctx.database.query('SELECT sort_order, text FROM rental_conditions ORDER BY sort_order'),
      ).toEqual(rows);
    });
  },
  { seed: false },
);
