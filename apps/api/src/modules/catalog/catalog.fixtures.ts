import type { Database } from '../../db/client';

/**
 * A small catalog whose every number is known, for the catalog tests: two
 * categories, two branches, six models (ids differ from car_ids), pictures,
 * units, one booking hold, one deal running and one not yet, conditions and
 * testimonials. Written in SQL so the tests do not depend on the demo data.
 */
export async function loadCatalogFixture(database: Database, now = new Date()): Promise<void> {
  const t = (th: string, en: string, zh: string) => JSON.stringify({ th, en, zh });
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  await database.exec(`
    INSERT INTO categories (id, slug, name, sort_order) VALUES
      (1, 'sedan', '${t('รถเก๋ง', 'Sedan', '轿车')}', 1),
      (2, 'suv', '${t('รถเอสยูวี', 'SUV', 'SUV')}', 2),
      (3, 'van', '${t('รถตู้', 'Van', '面包车')}', 3);
    INSERT INTO branches (code, name, address, phone, is_airport, sort_order) VALUES
      ('bkk', '${t('กรุงเทพฯ', 'Bangkok', '曼谷')}', '${t('ถนนสุขุมวิท', 'Sukhumvit Road', '素坤逸路')}', '02-000-0001', false, 1),
      ('hdy', '${t('หาดใหญ่', 'Hat Yai', '合艾')}', '${t('สนามบินหาดใหญ่', 'Hat Yai Airport', '合艾机场')}', '074-000-002', true, 2);
    INSERT INTO features (key, name) VALUES
      ('bluetooth', '${t('บลูทูธ', 'Bluetooth', '蓝牙')}'),
      ('camera', '${t('กล้องถอยหลัง', 'Reversing camera', '倒车影像')}');
    INSERT INTO car_models (id, car_id, slug, category_id, brand, model, description, price_per_day,
        transmission, fuel, seats, doors, luggage, specs, is_active, is_popular, sort_order) VALUES
      (11, 5011, 'toyota-yaris-ativ', 1, '${t('โตโยต้า', 'Toyota', '丰田')}', '${t('ยาริส เอทีฟ', 'Yaris Ativ', '雅力士 Ativ')}',
        '${t('รถเก๋งประหยัดน้ำมัน', 'A thrifty sedan', '省油轿车')}', 900, 'automatic', 'petrol', 5, 4, 2,
        '{"engine":"1.2 L","maxPower":"94 hp"}', true, true, 3),
      (12, 5012, 'honda-city', 1, '${t('ฮอนด้า', 'Honda', '本田')}', '${t('ซิตี้', 'City', '思迪')}',
        '${t('รถเก๋ง', 'A sedan', '轿车')}', 1100, 'automatic', 'petrol', 5, 4, 2, '{}', true, false, 1),
      (13, 5013, 'toyota-fortuner', 2, '${t('โตโยต้า', 'Toyota', '丰田')}', '${t('ฟอร์จูนเนอร์', 'Fortuner', '穿越者')}',
        '${t('เอสยูวี 7 ที่นั่ง', 'A 7-seat SUV', '七座SUV')}', 2500, 'automatic', 'diesel', 7, 4, 4, '{}', true, true, 2),
      (14, 5014, 'isuzu-mu-x', 2, '${t('อีซูซุ', 'Isuzu', '五十铃')}', '${t('มิว-เอ็กซ์', 'MU-X', 'MU-X')}',
        '${t('เอสยูวี', 'An SUV', 'SUV')}', 2300, 'manual', 'diesel', 7, 4, 4, '{}', true, false, 4),
      (15, 5015, 'old-100-percent', 1, '${t('เก่า', 'Old', '旧')}', '${t('100% คาร์', '100% Car', '100% 车')}',
        '${t('เลิกให้เช่า', 'Retired', '停租')}', 500, 'manual', 'petrol', 4, 4, 1, '{}', false, false, 5),
      (16, 5016, 'byd-atto-3', 2, '${t('บีวายดี', 'BYD', '比亚迪')}', '${t('แอตโต 3', 'Atto 3', '元PLUS')}',
        '${t('รถไฟฟ้า', 'Electric', '电动车')}', 1900, 'automatic', 'electric', 5, 4, 3, '{}', true, false, 6);
    INSERT INTO car_model_features (car_model_id, feature_key) VALUES (11, 'bluetooth'), (11, 'camera');
    INSERT INTO car_model_images (car_model_id, url, sort_order) VALUES
      (11, '/images/cars/toyota-yaris-ativ-2.svg', 1), (11, '/images/cars/toyota-yaris-ativ-1.svg', 0),
      (13, '/images/cars/toyota-fortuner-1.svg', 0);
    INSERT INTO vehicle_units (id, car_model_id, plate, branch_code, status) VALUES
      (101, 11, 'กข 1001', 'bkk', 'in_service'),
      (102, 12, 'กข 1002', 'bkk', 'in_service'),
      (103, 12, 'กข 1003', 'hdy', 'in_service'),
      (104, 13, 'กข 1004', 'hdy', 'in_service'),
      (105, 14, 'กข 1005', 'bkk', 'retired'),
      (106, 16, 'กข 1006', 'bkk', 'in_service');
    INSERT INTO hot_deals (car_model_id, discount_percent, starts_at, ends_at) VALUES
      (13, 15, '${at(-1)}', '${at(3)}'),
      (12, 20, '${at(2)}', '${at(9)}'),
      (16, 30, '${at(-9)}', '${at(-2)}');
    INSERT INTO rental_conditions (kind, text, sort_order) VALUES
      ('included', '${t('ประกันภัยพื้นฐาน', 'Basic insurance', '基本保险')}', 1),
      ('included', '${t('ภาษีมูลค่าเพิ่ม', 'VAT', '增值税')}', 2),
      ('not_included', '${t('น้ำมัน', 'Fuel', '燃油')}', 1);
    INSERT INTO testimonials (name, city, rating, text, car_model_id, is_published, created_at) VALUES
      ('Somchai K.', '${t('เชียงใหม่', 'Chiang Mai', '清迈')}', 5, '${t('รถดีมาก', 'Great car', '车很好')}', 11, true, '${at(-2)}'),
      ('Anna L.', '${t('ภูเก็ต', 'Phuket', '普吉')}', 4, '${t('บริการดี', 'Good service', '服务好')}', NULL, true, '${at(-1)}'),
      ('Hidden', '${t('x', 'x', 'x')}', 1, '${t('x', 'x', 'x')}', NULL, false, '${at(0)}');
  `);
}

/** A live hold on a unit over [from, to + 3 h), as a booking would write it. */
export async function holdUnit(
  database: Database,
  unitId: number,
  from: string,
  to: string,
  options: { released?: boolean } = {},
): Promise<void> {
  await database.query(
    `INSERT INTO unit_holds (unit_id, kind, starts_at, ends_at, blocked_until, released_at, reason)
     VALUES ($1, 'maintenance', $2::timestamptz, $3::timestamptz, $3::timestamptz + interval '3 hours', $4, 'test')`,
    [unitId, from, to, options.released ? new Date().toISOString() : null],
  );
}
