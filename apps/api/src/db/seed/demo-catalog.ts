// STAND-IN written on feat/bookings so the seed compiles and the booking tests
// have cars to book. The catalog branch owns this file: on merge, take the
// catalog engineer's version; the booking tests make their own fixtures and
// the booking journeys pick whatever car the seed offers.
import type { CarSpecs } from '../schema/catalog';
import type { LocalizedText } from '../schema/localized';

const l = (th: string, en: string, zh: string): LocalizedText => ({ th, en, zh });

export const demoCategories = [
  { slug: 'sedan', name: l('รถเก๋ง', 'Sedan', '轿车'), sortOrder: 1 },
  { slug: 'suv', name: l('รถอเนกประสงค์ SUV', 'SUV', 'SUV'), sortOrder: 2 },
];

export const demoBranches = [
  {
    code: 'srn',
    name: l('สุวรรณภูมิ', 'Suvarnabhumi Airport', '素万那普机场'),
    address: l('ท่าอากาศยานสุวรรณภูมิ สมุทรปราการ', 'Suvarnabhumi Airport, Samut Prakan', '北榄府素万那普机场'),
    phone: '02-123-4567',
    isAirport: true,
    opensAt: '08:00',
    closesAt: '20:00',
  },
  {
    code: 'bmk',
    name: l('ดอนเมือง', 'Don Mueang Airport', '廊曼机场'),
    address: l('ท่าอากาศยานดอนเมือง กรุงเทพฯ', 'Don Mueang Airport, Bangkok', '曼谷廊曼机场'),
    phone: '02-123-4568',
    isAirport: true,
    opensAt: '08:00',
    closesAt: '20:00',
  },
];

export const featureNames: Record<string, LocalizedText> = {
  bluetooth: l('บลูทูธ', 'Bluetooth', '蓝牙'),
  camera: l('กล้องถอยหลัง', 'Reversing camera', '倒车影像'),
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

export const demoCarModels: DemoCar[] = [
  {
    slug: 'toyota-yaris-ativ',
    category: 'sedan',
    brand: l('โตโยต้า', 'Toyota', '丰田'),
    model: l('ยาริส เอทีฟ', 'Yaris Ativ', 'Yaris Ativ'),
    description: l('รถเก๋งประหยัดน้ำมัน', 'A thrifty city sedan', '省油的城市轿车'),
    pricePerDay: 990,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: { engine: '1.2 L' },
    popular: true,
    features: ['bluetooth'],
    images: ['/images/cars/toyota-yaris-ativ-1.svg'],
    units: [
      { plate: 'กข 1001', branch: 'srn' },
      { plate: 'กข 1002', branch: 'srn' },
      { plate: 'กข 1003', branch: 'bmk' },
    ],
  },
  {
    slug: 'toyota-fortuner',
    category: 'suv',
    brand: l('โตโยต้า', 'Toyota', '丰田'),
    model: l('ฟอร์จูนเนอร์', 'Fortuner', 'Fortuner'),
    description: l('SUV 7 ที่นั่ง', 'A 7-seat SUV', '7座SUV'),
    pricePerDay: 2490,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 7,
    doors: 5,
    luggage: 4,
    specs: { engine: '2.4 L' },
    popular: true,
    features: ['bluetooth', 'camera'],
    images: ['/images/cars/toyota-fortuner-1.svg'],
    units: [{ plate: 'กข 2001', branch: 'srn' }],
  },
];

export const demoRentalConditions = [
  { kind: 'included' as const, text: l('ประกันภัยชั้น 1', 'First-class insurance', '一级保险'), sortOrder: 1 },
];

export const demoHotDeals = [
  { carSlug: 'toyota-fortuner', discountPercent: 15, startsInDays: -1, endsInDays: 10 },
];

export const demoTestimonials = [
  {
    name: 'Somchai',
    city: l('กรุงเทพฯ', 'Bangkok', '曼谷'),
    rating: 5,
    text: l('บริการดีมาก', 'Great service', '服务很好'),
    carSlug: 'toyota-yaris-ativ',
  },
];
