// STAND-IN, committed separately by the content branch only so its tests and
// journeys can run: main's seed.ts imports this file but main does not have
// it. The catalog branch's real file replaces this one on merge (take theirs).
import type { CarSpecs } from '../schema/catalog';
import type { LocalizedText } from '../schema/localized';

const L = (th: string, en: string, zh: string): LocalizedText => ({ th, en, zh });

export const demoCategories = [
  { slug: 'sedan', name: L('รถเก๋ง', 'Sedan', '轿车'), sortOrder: 1 },
  { slug: 'suv', name: L('รถ SUV', 'SUV', 'SUV'), sortOrder: 2 },
  { slug: 'hatchback', name: L('รถแฮทช์แบ็ก', 'Hatchback', '掀背车'), sortOrder: 3 },
];

export const demoBranches = [
  {
    code: 'srn',
    name: L('สุวรรณภูมิ', 'Suvarnabhumi Airport', '素万那普机场'),
    address: L('ท่าอากาศยานสุวรรณภูมิ ชั้น 1', 'Suvarnabhumi Airport, level 1', '素万那普机场 1 楼'),
    phone: '02-123-4501',
    isAirport: true,
    opensAt: '08:00',
    closesAt: '20:00',
  },
  {
    code: 'bmk',
    name: L('ดอนเมือง', 'Don Mueang Airport', '廊曼机场'),
    address: L('ท่าอากาศยานดอนเมือง อาคาร 1', 'Don Mueang Airport, terminal 1', '廊曼机场 1 号航站楼'),
    phone: '02-123-4502',
    isAirport: true,
    opensAt: '08:00',
    closesAt: '20:00',
  },
  {
    code: 'hdy',
    name: L('หาดใหญ่', 'Hat Yai', '合艾'),
    address: L('ถนนเพชรเกษม หาดใหญ่ สงขลา', 'Phetkasem Road, Hat Yai, Songkhla', '宋卡府合艾 Phetkasem 路'),
    phone: '074-123-450',
    isAirport: false,
    opensAt: '08:00',
    closesAt: '20:00',
  },
];

export const featureNames: Record<string, LocalizedText> = {
  aircon: L('แอร์', 'Air conditioning', '空调'),
  bluetooth: L('บลูทูธ', 'Bluetooth', '蓝牙'),
};

interface DemoCar {
  slug: string;
  category: string;
  brand: LocalizedText;
  model: LocalizedText;
  description: LocalizedText;
  pricePerDay: number;
  transmission: 'automatic' | 'manual';
  fuel: 'petrol' | 'diesel' | 'hybrid' | 'electric';
  seats: number;
  doors: number;
  luggage: number;
  specs: CarSpecs;
  popular: boolean;
  features: string[];
  images: string[];
  units: { plate: string; branch: string }[];
}

const car = (
  slug: string,
  category: string,
  brand: string,
  model: string,
  price: number,
  seats: number,
  plate: string,
): DemoCar => ({
  slug,
  category,
  brand: L(brand, brand, brand),
  model: L(model, model, model),
  description: L(
    `${brand} ${model} ประหยัดน้ำมัน ขับง่าย เหมาะกับการเดินทางในเมืองและต่างจังหวัด`,
    `The ${brand} ${model}: easy to drive and economical, for the city and the open road.`,
    `${brand} ${model}：省油好开，城市与长途皆宜。`,
  ),
  pricePerDay: price,
  transmission: 'automatic',
  fuel: 'petrol',
  seats,
  doors: 4,
  luggage: 2,
  specs: {},
  popular: true,
  features: ['aircon', 'bluetooth'],
  images: [1, 2, 3].map((n) => `/images/cars/${slug}-${n}.svg`),
  units: [{ plate, branch: 'srn' }],
});

export const demoCarModels: DemoCar[] = [
  car('toyota-yaris-ativ', 'sedan', 'Toyota', 'Yaris Ativ', 1090, 5, '1กข 1001'),
  car('honda-city', 'sedan', 'Honda', 'City', 1190, 5, '1กข 1002'),
  car('suzuki-swift', 'hatchback', 'Suzuki', 'Swift', 990, 5, '1กข 1003'),
  car('toyota-fortuner', 'suv', 'Toyota', 'Fortuner', 2490, 7, '1กข 1004'),
];

export const demoRentalConditions = [
  { kind: 'included' as const, text: L('ประกันภัยชั้นพื้นฐาน', 'Basic insurance', '基本保险'), sortOrder: 1 },
];

export const demoHotDeals = [
  { carSlug: 'honda-city', discountPercent: 15, startsInDays: -1, endsInDays: 5 },
  { carSlug: 'toyota-fortuner', discountPercent: 10, startsInDays: -2, endsInDays: 3 },
];

export const demoTestimonials = [
  {
    name: 'Somchai K.',
    city: L('กรุงเทพฯ', 'Bangkok', '曼谷'),
    rating: 5,
    text: L('รถสะอาด รับรถที่สนามบินสะดวกมาก', 'Clean car, easy airport pickup.', '车很干净，机场取车很方便。'),
    carSlug: 'honda-city',
  },
];
