// Demo catalogue for Siam Drive: categories, branches, car models with their
// units and pictures, rental conditions, hot deals and testimonials, in Thai,
// English and simplified Chinese. Self-contained (no imports) so the seed, tests
// and scripts can all read it. Prices are whole baht per day with 7% VAT
// included, in the bands of the market notes (design/MARKET.md). Specs are for the Thai-market
// variant named in each comment. The pictures are drawn by scripts/draw-cars.mjs,
// whose list of slugs and colours must stay in sync with demoCarModels.

export type Localized = { th: string; en: string; zh: string };

export type CategorySlug =
  'sedan' | 'hatchback' | 'crossover' | 'suv' | '7seat' | 'minivan' | 'van' | 'cap' | 'electric' | 'luxury';

export type FeatureKey =
  | 'air_conditioning'
  | 'bluetooth'
  | 'usb'
  | 'apple_carplay'
  | 'android_auto'
  | 'reverse_camera'
  | 'parking_sensors'
  | 'cruise_control'
  | 'keyless_entry'
  | 'push_start'
  | 'abs'
  | 'airbags'
  | 'isofix'
  | 'gps'
  | 'sunroof'
  | 'leather_seats'
  | 'four_wheel_drive'
  | 'fast_charging'
  | 'dashcam'
  | 'third_row'
  | 'sliding_doors'
  | 'wireless_charging'
  | 'lane_assist';

export interface DemoCategory {
  slug: CategorySlug;
  name: Localized;
  sortOrder: number;
}

export interface DemoBranch {
  code: string;
  name: Localized;
  address: Localized;
  phone: string;
  isAirport: boolean;
  opensAt: string;
  closesAt: string;
  /** The counter's exact place (terminal, floor, gate), where the address does not say it (decision 3611). */
  counterPlace?: Localized;
}

export interface DemoCarSpecs {
  engine?: string;
  maxPower?: string;
  maxTorque?: string;
  drivetrain?: string;
  fuelConsumption?: string;
  fuelTankCapacity?: string;
  weight?: string;
  dimensions?: string;
  batteryCapacity?: string;
  range?: string;
  chargingTime?: string;
}

export interface DemoCarModel {
  slug: string;
  brand: Localized;
  model: Localized;
  category: CategorySlug;
  pricePerDay: number;
  transmission: 'automatic' | 'manual';
  fuel: 'petrol' | 'diesel' | 'hybrid' | 'electric';
  seats: number;
  doors: number;
  luggage: number;
  specs: DemoCarSpecs;
  features: FeatureKey[];
  description: Localized;
  color: string;
  popular: boolean;
  units: { plate: string; branch: string }[];
  images: string[];
}

/** The three pictures drawn for every model: side (cover), front, rear. */
const pictures = (slug: string): string[] => [1, 2, 3].map((n) => `/images/cars/${slug}-${n}.svg`);

export const featureNames: Record<FeatureKey, Localized> = {
  air_conditioning: { th: 'เครื่องปรับอากาศ', en: 'Air conditioning', zh: '空调' },
  bluetooth: { th: 'บลูทูธ', en: 'Bluetooth', zh: '蓝牙' },
  usb: { th: 'ช่องชาร์จ USB', en: 'USB charging', zh: 'USB 充电口' },
  apple_carplay: { th: 'Apple CarPlay', en: 'Apple CarPlay', zh: 'Apple CarPlay' },
  android_auto: { th: 'Android Auto', en: 'Android Auto', zh: 'Android Auto' },
  reverse_camera: { th: 'กล้องมองหลัง', en: 'Reversing camera', zh: '倒车影像' },
  parking_sensors: { th: 'เซ็นเซอร์ช่วยจอด', en: 'Parking sensors', zh: '泊车雷达' },
  cruise_control: { th: 'ระบบควบคุมความเร็วอัตโนมัติ', en: 'Cruise control', zh: '定速巡航' },
  keyless_entry: { th: 'กุญแจอัจฉริยะ', en: 'Keyless entry', zh: '无钥匙进入' },
  push_start: { th: 'ปุ่มสตาร์ทเครื่องยนต์', en: 'Push-button start', zh: '一键启动' },
  abs: { th: 'เบรก ABS', en: 'ABS brakes', zh: 'ABS 防抱死' },
  airbags: { th: 'ถุงลมนิรภัย', en: 'Airbags', zh: '安全气囊' },
  isofix: { th: 'จุดยึดเบาะเด็ก ISOFIX', en: 'ISOFIX child-seat mounts', zh: 'ISOFIX 儿童座椅接口' },
  gps: { th: 'ระบบนำทาง GPS', en: 'GPS navigation', zh: 'GPS 导航' },
  sunroof: { th: 'ซันรูฟ', en: 'Sunroof', zh: '天窗' },
  leather_seats: { th: 'เบาะหนัง', en: 'Leather seats', zh: '真皮座椅' },
  four_wheel_drive: { th: 'ขับเคลื่อนสี่ล้อ', en: 'Four-wheel drive', zh: '四轮驱动' },
  fast_charging: { th: 'รองรับการชาร์จเร็ว DC', en: 'DC fast charging', zh: '直流快充' },
  dashcam: { th: 'กล้องติดรถยนต์', en: 'Dashcam', zh: '行车记录仪' },
  third_row: { th: 'เบาะแถวที่สาม', en: 'Third-row seats', zh: '第三排座椅' },
  sliding_doors: { th: 'ประตูบานเลื่อน', en: 'Sliding doors', zh: '侧滑门' },
  wireless_charging: { th: 'แท่นชาร์จโทรศัพท์ไร้สาย', en: 'Wireless phone charging', zh: '手机无线充电' },
  lane_assist: { th: 'ระบบช่วยควบคุมรถให้อยู่ในช่องทาง', en: 'Lane keeping assist', zh: '车道保持辅助' },
};

export const demoCategories: DemoCategory[] = [
  { slug: 'sedan', name: { th: 'รถเก๋ง', en: 'Sedan', zh: '轿车' }, sortOrder: 1 },
  { slug: 'hatchback', name: { th: 'รถแฮทช์แบ็ก', en: 'Hatchback', zh: '两厢车' }, sortOrder: 2 },
  { slug: 'crossover', name: { th: 'ครอสโอเวอร์', en: 'Crossover', zh: '跨界车' }, sortOrder: 3 },
  { slug: 'suv', name: { th: 'รถ SUV', en: 'SUV', zh: 'SUV' }, sortOrder: 4 },
  { slug: '7seat', name: { th: 'รถ 7 ที่นั่ง (MPV)', en: '7-seat MPV', zh: '七座 MPV' }, sortOrder: 5 },
  { slug: 'minivan', name: { th: 'มินิแวน', en: 'Minivan', zh: '商务车' }, sortOrder: 6 },
  { slug: 'van', name: { th: 'รถตู้', en: 'Van', zh: '面包车' }, sortOrder: 7 },
  { slug: 'cap', name: { th: 'รถกระบะ', en: 'Pickup', zh: '皮卡' }, sortOrder: 8 },
  { slug: 'electric', name: { th: 'รถยนต์ไฟฟ้า (EV)', en: 'Electric', zh: '电动车' }, sortOrder: 9 },
  { slug: 'luxury', name: { th: 'รถหรู', en: 'Luxury', zh: '豪华车' }, sortOrder: 10 },
];

const hours = { opensAt: '08:00', closesAt: '20:00' };

/**
 * Each demo branch as registered with the Revenue Department (decision 3402): its branch number
 * (the Bangkok head office 00000, the others in order) and registered address, the sub-district by
 * its TISI 1099 code with its postcode (modules/thai-addresses/tisi-1099.json), which its tax
 * invoices print and carry in ETDA's XML.
 */
export type DemoRegisteredAddress = {
  buildingNumber: string;
  street: string;
  subDistrictCode: string;
  postcode: string;
};
export const demoBranchRegistrations: Record<
  string,
  { taxBranchNo: string; registeredAddress: DemoRegisteredAddress }
> = {
  bkk: {
    taxBranchNo: '00000',
    registeredAddress: {
      buildingNumber: '99/9',
      street: 'อาคารสยามไดรฟ์ ถนนรัชดาภิเษก',
      subDistrictCode: '102601',
      postcode: '10400',
    },
  },
  bmk: {
    taxBranchNo: '00001',
    registeredAddress: {
      buildingNumber: '222',
      street: 'ถนนวิภาวดีรังสิต',
      subDistrictCode: '103602',
      postcode: '10210',
    },
  },
  hdy: {
    taxBranchNo: '00002',
    registeredAddress: {
      buildingNumber: '99',
      street: 'หมู่ 3 ถนนสนามบิน',
      subDistrictCode: '901604',
      postcode: '90115',
    },
  },
  srn: {
    taxBranchNo: '00003',
    registeredAddress: {
      buildingNumber: '999',
      street: 'หมู่ 1 ถนนบางนา-ตราด',
      subDistrictCode: '110308',
      postcode: '10540',
    },
  },
  pty: {
    taxBranchNo: '00004',
    registeredAddress: {
      buildingNumber: '248/9',
      street: 'ถนนพัทยากลาง',
      subDistrictCode: '200402',
      postcode: '20150',
    },
  },
  phuket: {
    taxBranchNo: '00005',
    registeredAddress: {
      buildingNumber: '222',
      street: 'หมู่ 6 ถนนเทพกระษัตรี',
      subDistrictCode: '830305',
      postcode: '83110',
    },
  },
  chiangmai: {
    taxBranchNo: '00006',
    registeredAddress: {
      buildingNumber: '60',
      street: 'ถนนมหิดล',
      subDistrictCode: '500108',
      postcode: '50200',
    },
  },
  chiangrai: {
    taxBranchNo: '00007',
    registeredAddress: {
      buildingNumber: '414',
      street: 'หมู่ 10',
      subDistrictCode: '570103',
      postcode: '57100',
    },
  },
  udon: {
    taxBranchNo: '00008',
    registeredAddress: {
      buildingNumber: '88',
      street: 'ถนนอุดรดุษฎี',
      subDistrictCode: '410101',
      postcode: '41000',
    },
  },
  ubon: {
    taxBranchNo: '00009',
    registeredAddress: {
      buildingNumber: '297',
      street: 'ถนนเทพโยธี',
      subDistrictCode: '340101',
      postcode: '34000',
    },
  },
  huaHin: {
    taxBranchNo: '00010',
    registeredAddress: {
      buildingNumber: '88/12',
      street: 'ถนนเพชรเกษม',
      subDistrictCode: '770701',
      postcode: '77110',
    },
  },
  samui: {
    taxBranchNo: '00011',
    registeredAddress: {
      buildingNumber: '99/5',
      street: 'หมู่ 4 ถนนทวีราษฎร์ภักดี',
      subDistrictCode: '840406',
      postcode: '84320',
    },
  },
  surat: {
    taxBranchNo: '00012',
    registeredAddress: { buildingNumber: '99', street: 'หมู่ 4', subDistrictCode: '841713', postcode: '84130' },
  },
  krabi: {
    taxBranchNo: '00013',
    registeredAddress: {
      buildingNumber: '133',
      street: 'หมู่ 3 ถนนเพชรเกษม',
      subDistrictCode: '810801',
      postcode: '81130',
    },
  },
};

export const demoBranches: DemoBranch[] = [
  {
    code: 'bkk',
    name: {
      th: 'สำนักงานใหญ่ รัชดาภิเษก กรุงเทพฯ',
      en: 'Bangkok City – Ratchadaphisek (Head Office)',
      zh: '曼谷市区·拉差达（总部）',
    },
    // The head office branch is the head office: the same address as the site settings'
    // headOffice (site-settings-defaults.ts), so the site gives one address (seed.test.ts).
    address: {
      th: '99/9 อาคารสยามไดรฟ์ ถนนรัชดาภิเษก แขวงดินแดง เขตดินแดง กรุงเทพมหานคร 10400',
      en: '99/9 Siam Drive Building, Ratchadaphisek Road, Din Daeng, Bangkok 10400',
      zh: '曼谷市 Din Daeng 区 Ratchadaphisek 路 99/9 号 Siam Drive 大楼，邮编 10400',
    },
    phone: '02-134-5678',
    isAirport: false,
    ...hours,
  },
  {
    code: 'bmk',
    name: { th: 'สนามบินดอนเมือง', en: 'Don Mueang Airport (DMK)', zh: '廊曼机场' },
    address: {
      th: 'ท่าอากาศยานดอนเมือง อาคารผู้โดยสาร 1 ชั้น 1 โถงผู้โดยสารขาเข้า ใกล้ประตู 6 ถนนวิภาวดีรังสิต แขวงสนามบิน เขตดอนเมือง กรุงเทพมหานคร 10210',
      en: 'Don Mueang International Airport, Terminal 1, arrivals hall (ground floor, near Gate 6), Vibhavadi Rangsit Road, Don Mueang, Bangkok 10210',
      zh: '廊曼国际机场 1 号航站楼一层到达大厅（6 号门附近），曼谷廊曼区威帕瓦迪兰实路，邮编 10210',
    },
    phone: '02-134-5680',
    isAirport: true,
    // The same words as migration 2100 writes on an existing database.
    counterPlace: {
      th: 'อาคารผู้โดยสาร 1 ชั้น 1 โถงผู้โดยสารขาเข้า ใกล้ประตู 6',
      en: 'Terminal 1, ground floor arrivals hall, near Gate 6',
      zh: '1 号航站楼一层到达大厅，6 号门附近',
    },
    ...hours,
  },
  {
    code: 'hdy',
    name: { th: 'สนามบินหาดใหญ่', en: 'Hat Yai Airport (HDY)', zh: '合艾机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติหาดใหญ่ ชั้น 1 โถงผู้โดยสารขาเข้า ตำบลคลองหลา อำเภอคลองหอยโข่ง สงขลา 90115',
      en: 'Hat Yai International Airport, arrivals hall (ground floor), Khlong La, Khlong Hoi Khong, Songkhla 90115',
      zh: '合艾国际机场一层到达大厅，宋卡府空霍孔县空拉，邮编 90115',
    },
    phone: '074-251-730',
    isAirport: true,
    ...hours,
  },
  {
    code: 'srn',
    name: { th: 'สนามบินสุวรรณภูมิ', en: 'Suvarnabhumi Airport (BKK)', zh: '素万那普机场' },
    address: {
      th: 'ท่าอากาศยานสุวรรณภูมิ อาคารผู้โดยสาร ชั้น 2 โถงผู้โดยสารขาเข้า ประตู 8 ตำบลราชาเทวะ อำเภอบางพลี สมุทรปราการ 10540',
      en: 'Suvarnabhumi Airport, passenger terminal, level 2 arrivals hall, Gate 8, Racha Thewa, Bang Phli, Samut Prakan 10540',
      zh: '素万那普机场航站楼 2 层到达大厅 8 号门，北榄府挽披县拉差贴瓦，邮编 10540',
    },
    phone: '02-134-5690',
    isAirport: true,
    counterPlace: {
      th: 'อาคารผู้โดยสาร ชั้น 2 โถงผู้โดยสารขาเข้า ประตู 8 เคาน์เตอร์สยามไดรฟ์',
      en: 'Passenger terminal, level 2 arrivals hall, Gate 8: the Siam Drive counter',
      zh: '航站楼 2 层到达大厅 8 号门：暹罗租车柜台',
    },
    ...hours,
  },
  {
    code: 'pty',
    name: { th: 'พัทยา', en: 'Pattaya', zh: '芭提雅' },
    address: {
      th: '248/9 ถนนพัทยากลาง ตำบลหนองปรือ อำเภอบางละมุง ชลบุรี 20150 (ใกล้แยกสุขุมวิท–พัทยากลาง)',
      en: '248/9 Pattaya Klang Road, Nong Prue, Bang Lamung, Chon Buri 20150 (near the Sukhumvit junction)',
      zh: '春武里府邦拉蒙县农勃鲁，芭提雅中路 248/9 号（近素坤逸路口），邮编 20150',
    },
    phone: '038-412-655',
    isAirport: false,
    ...hours,
  },
  {
    code: 'phuket',
    name: { th: 'สนามบินภูเก็ต', en: 'Phuket Airport (HKT)', zh: '普吉机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติภูเก็ต ชั้น 1 โถงผู้โดยสารขาเข้า ตำบลไม้ขาว อำเภอถลาง ภูเก็ต 83110',
      en: 'Phuket International Airport, arrivals hall (ground floor), Mai Khao, Thalang, Phuket 83110',
      zh: '普吉国际机场一层到达大厅，普吉府塔朗县迈考，邮编 83110',
    },
    phone: '076-351-480',
    isAirport: true,
    ...hours,
  },
  {
    code: 'chiangmai',
    name: { th: 'สนามบินเชียงใหม่', en: 'Chiang Mai Airport (CNX)', zh: '清迈机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติเชียงใหม่ ชั้น 1 โถงผู้โดยสารขาเข้า ถนนมหิดล ตำบลสุเทพ อำเภอเมืองเชียงใหม่ เชียงใหม่ 50200',
      en: 'Chiang Mai International Airport, arrivals hall (ground floor), Mahidol Road, Suthep, Mueang Chiang Mai, Chiang Mai 50200',
      zh: '清迈国际机场一层到达大厅，清迈府直辖县素贴，玛希敦路，邮编 50200',
    },
    phone: '053-270-615',
    isAirport: true,
    ...hours,
  },
  {
    code: 'chiangrai',
    name: { th: 'สนามบินเชียงราย', en: 'Chiang Rai Airport (CEI)', zh: '清莱机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติแม่ฟ้าหลวง เชียงราย โถงผู้โดยสารขาเข้า ตำบลบ้านดู่ อำเภอเมืองเชียงราย เชียงราย 57100',
      en: 'Mae Fah Luang – Chiang Rai International Airport, arrivals hall, Ban Du, Mueang Chiang Rai, Chiang Rai 57100',
      zh: '清莱皇太后国际机场到达大厅，清莱府直辖县班杜，邮编 57100',
    },
    phone: '053-798-214',
    isAirport: true,
    ...hours,
  },
  {
    code: 'udon',
    name: { th: 'สนามบินอุดรธานี', en: 'Udon Thani Airport (UTH)', zh: '乌隆他尼机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติอุดรธานี โถงผู้โดยสารขาเข้า ถนนอุดรดุษฎี ตำบลหมากแข้ง อำเภอเมืองอุดรธานี อุดรธานี 41000',
      en: 'Udon Thani International Airport, arrivals hall, Udon Dutsadi Road, Mak Khaeng, Mueang Udon Thani, Udon Thani 41000',
      zh: '乌隆他尼国际机场到达大厅，乌隆他尼府直辖县玛肯，邮编 41000',
    },
    phone: '042-246-372',
    isAirport: true,
    ...hours,
  },
  {
    code: 'ubon',
    name: { th: 'สนามบินอุบลราชธานี', en: 'Ubon Ratchathani Airport (UBP)', zh: '乌汶机场' },
    address: {
      th: 'ท่าอากาศยานอุบลราชธานี โถงผู้โดยสารขาเข้า ถนนเทพโยธี ตำบลในเมือง อำเภอเมืองอุบลราชธานี อุบลราชธานี 34000',
      en: 'Ubon Ratchathani Airport, arrivals hall, Thep Yothi Road, Nai Mueang, Mueang Ubon Ratchathani, Ubon Ratchathani 34000',
      zh: '乌汶叻差他尼机场到达大厅，乌汶府直辖县内城，邮编 34000',
    },
    phone: '045-244-519',
    isAirport: true,
    ...hours,
  },
  {
    code: 'huaHin',
    name: { th: 'หัวหิน', en: 'Hua Hin', zh: '华欣' },
    address: {
      th: '88/12 ถนนเพชรเกษม ตำบลหัวหิน อำเภอหัวหิน ประจวบคีรีขันธ์ 77110 (ใกล้ตลาดโต้รุ่งหัวหิน)',
      en: '88/12 Phetkasem Road, Hua Hin, Prachuap Khiri Khan 77110 (near Hua Hin Night Market)',
      zh: '巴蜀府华欣县华欣，佩卡森路 88/12 号（近华欣夜市），邮编 77110',
    },
    phone: '032-513-284',
    isAirport: false,
    ...hours,
  },
  {
    code: 'samui',
    name: { th: 'เกาะสมุย', en: 'Koh Samui', zh: '苏梅岛' },
    address: {
      th: '99/5 หมู่ 4 ถนนทวีราษฎร์ภักดี ตำบลบ่อผุด อำเภอเกาะสมุย สุราษฎร์ธานี 84320 (ห่างสนามบินสมุย 5 นาที มีรถรับส่งฟรี)',
      en: '99/5 Moo 4, Thawi Ratchaphakdi Road, Bo Phut, Ko Samui, Surat Thani 84320 (5 minutes from Samui Airport, free shuttle)',
      zh: '素叻他尼府苏梅岛县波普，塔维叻巴迪路 4 村 99/5 号，邮编 84320（距苏梅机场 5 分钟车程，免费接送）',
    },
    phone: '077-245-603',
    isAirport: false,
    ...hours,
  },
  {
    code: 'surat',
    name: { th: 'สนามบินสุราษฎร์ธานี', en: 'Surat Thani Airport (URT)', zh: '素叻他尼机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติสุราษฎร์ธานี โถงผู้โดยสารขาเข้า ตำบลหัวเตย อำเภอพุนพิน สุราษฎร์ธานี 84130',
      en: 'Surat Thani International Airport, arrivals hall, Hua Toei, Phunphin, Surat Thani 84130',
      zh: '素叻他尼国际机场到达大厅，素叻他尼府蓬平县华提，邮编 84130',
    },
    phone: '077-441-287',
    isAirport: true,
    ...hours,
  },
  {
    code: 'krabi',
    name: { th: 'สนามบินกระบี่', en: 'Krabi Airport (KBV)', zh: '甲米机场' },
    address: {
      th: 'ท่าอากาศยานนานาชาติกระบี่ อาคารผู้โดยสารภายในประเทศ ชั้น 1 โถงผู้โดยสารขาเข้า ตำบลเหนือคลอง อำเภอเหนือคลอง กระบี่ 81130',
      en: 'Krabi International Airport, domestic terminal, arrivals hall (ground floor), Nuea Khlong, Krabi 81130',
      zh: '甲米国际机场国内航站楼一层到达大厅，甲米府讷空县，邮编 81130',
    },
    phone: '075-636-512',
    isAirport: true,
    ...hours,
  },
];

const toyota: Localized = { th: 'โตโยต้า', en: 'Toyota', zh: '丰田' };
const honda: Localized = { th: 'ฮอนด้า', en: 'Honda', zh: '本田' };
const nissan: Localized = { th: 'นิสสัน', en: 'Nissan', zh: '日产' };
const mazda: Localized = { th: 'มาสด้า', en: 'Mazda', zh: '马自达' };
const suzuki: Localized = { th: 'ซูซูกิ', en: 'Suzuki', zh: '铃木' };
const mitsubishi: Localized = { th: 'มิตซูบิชิ', en: 'Mitsubishi', zh: '三菱' };
const isuzu: Localized = { th: 'อีซูซุ', en: 'Isuzu', zh: '五十铃' };
const ford: Localized = { th: 'ฟอร์ด', en: 'Ford', zh: '福特' };
const hyundai: Localized = { th: 'ฮุนได', en: 'Hyundai', zh: '现代' };
const kia: Localized = { th: 'เกีย', en: 'Kia', zh: '起亚' };
const byd: Localized = { th: 'บีวายดี', en: 'BYD', zh: '比亚迪' };
const mg: Localized = { th: 'เอ็มจี', en: 'MG', zh: '名爵' };
const ora: Localized = { th: 'โอร่า', en: 'ORA', zh: '欧拉' };
const mercedes: Localized = { th: 'เมอร์เซเดส-เบนซ์', en: 'Mercedes-Benz', zh: '梅赛德斯-奔驰' };
const bmw: Localized = { th: 'บีเอ็มดับเบิลยู', en: 'BMW', zh: '宝马' };

/** Equipment every car in the fleet has. */
const basics: FeatureKey[] = ['air_conditioning', 'bluetooth', 'usb', 'abs', 'airbags'];
/** A typical modern Thai-market car: basics plus phone mirroring, camera and smart key. */
const modern: FeatureKey[] = [
  ...basics,
  'apple_carplay',
  'android_auto',
  'reverse_camera',
  'keyless_entry',
  'push_start',
  'isofix',
];

/**
 * One-way routes the demo company offers (baht, both directions): between the Bangkok branches and
 * to the nearby resorts, and between neighbouring airports in the north and the south.
 */
const routes: [string, string, number][] = [
  ['srn', 'bmk', 500],
  ['srn', 'bkk', 500],
  ['bmk', 'bkk', 500],
  ['srn', 'pty', 1500],
  ['bkk', 'pty', 1500],
  ['srn', 'huaHin', 2500],
  ['phuket', 'krabi', 1500],
  ['chiangmai', 'chiangrai', 2000],
  ['surat', 'samui', 1200],
];
export const demoOneWayFees = routes.flatMap(([a, b, fee]) => [
  { fromBranch: a, toBranch: b, fee },
  { fromBranch: b, toBranch: a, fee },
]);

/**
 * The demo's pricing rules (issue 17, part 1), for the demo's own categories: Thailand's busiest
 * holidays cost more, weekends a little more, and a week or a month less (MARKET.md).
 */
const years = [2026, 2027, 2028, 2029, 2030];
const chineseNewYear: Record<number, [string, string]> = {
  2027: ['2027-02-05', '2027-02-09'],
  2028: ['2028-01-25', '2028-01-29'],
  2029: ['2029-02-12', '2029-02-16'],
  2030: ['2030-02-02', '2030-02-06'],
};
export const demoPricingRules: {
  kind: 'season' | 'weekend' | 'duration' | 'late';
  name: Localized;
  startsOn?: string;
  endsOn?: string;
  weekdays?: number[];
  minDays?: number;
  graceHours?: number;
  percent: number;
}[] = [
  ...years.map((y) => ({
    kind: 'season' as const,
    name: { th: `สงกรานต์ ${y + 543}`, en: `Songkran ${y}`, zh: `${y} 宋干节` },
    startsOn: `${y}-04-12`,
    endsOn: `${y}-04-16`,
    percent: 30,
  })),
  ...years.map((y) => ({
    kind: 'season' as const,
    name: { th: `ปีใหม่ ${y + 544}`, en: `New Year ${y + 1}`, zh: `${y + 1} 新年` },
    startsOn: `${y}-12-28`,
    endsOn: `${y + 1}-01-02`,
    percent: 25,
  })),
  ...Object.entries(chineseNewYear).map(([y, [startsOn, endsOn]]) => ({
    kind: 'season' as const,
    name: { th: `ตรุษจีน ${Number(y) + 543}`, en: `Chinese New Year ${y}`, zh: `${y} 春节` },
    startsOn,
    endsOn,
    percent: 20,
  })),
  {
    kind: 'weekend',
    name: { th: 'วันหยุดสุดสัปดาห์', en: 'Weekend', zh: '周末' },
    weekdays: [6, 7],
    percent: 10,
  },
  {
    kind: 'duration',
    name: { th: 'ราคาเช่ารายสัปดาห์', en: 'Weekly rate', zh: '周租价' },
    minDays: 7,
    percent: -10,
  },
  {
    kind: 'duration',
    name: { th: 'ราคาเช่ารายเดือน', en: 'Monthly rate', zh: '月租价' },
    minDays: 30,
    percent: -25,
  },
  // A day runs to 18:00 for a 09:00 pickup (the spec's times): later than that, by the hour.
  {
    kind: 'late',
    name: { th: 'ชั่วโมงเพิ่ม', en: 'Extra hours', zh: '超时' },
    graceHours: 9,
    // seed.ts writes the contract's lateReturnRule.percentPerHour here, the figure the terms name.
    percent: 10,
  },
];

/** Where the demo branches deliver and collect, and for how much (baht). */
export const demoDeliveryZones: { branchCode: string; name: Localized; fee: number }[] = [
  {
    branchCode: 'srn',
    name: {
      th: 'โรงแรมรอบสนามบิน (ลาดกระบัง)',
      en: 'Airport hotels (Lat Krabang)',
      zh: '机场周边酒店（拉甲邦）',
    },
    fee: 300,
  },
  {
    branchCode: 'srn',
    name: {
      th: 'กรุงเทพฯ ใจกลางเมือง (สุขุมวิท สีลม สยาม)',
      en: 'Central Bangkok (Sukhumvit, Silom, Siam)',
      zh: '曼谷市中心（素坤逸、是隆、暹罗）',
    },
    fee: 600,
  },
  {
    branchCode: 'srn',
    name: { th: 'พัทยาและจอมเทียน', en: 'Pattaya and Jomtien', zh: '芭提雅及宗滴恩' },
    fee: 1800,
  },
  {
    branchCode: 'bmk',
    name: { th: 'กรุงเทพฯ ใจกลางเมือง', en: 'Central Bangkok', zh: '曼谷市中心' },
    fee: 500,
  },
  { branchCode: 'bmk', name: { th: 'นนทบุรี', en: 'Nonthaburi', zh: '暖武里' }, fee: 400 },
  {
    branchCode: 'bkk',
    name: { th: 'กรุงเทพฯ ใจกลางเมือง', en: 'Central Bangkok', zh: '曼谷市中心' },
    fee: 300,
  },
  {
    branchCode: 'pty',
    name: { th: 'พัทยาและจอมเทียน', en: 'Pattaya and Jomtien', zh: '芭提雅及宗滴恩' },
    fee: 300,
  },
  { branchCode: 'phuket', name: { th: 'ป่าตอง', en: 'Patong', zh: '芭东' }, fee: 700 },
  { branchCode: 'phuket', name: { th: 'กะตะและกะรน', en: 'Kata and Karon', zh: '卡塔及卡伦' }, fee: 800 },
  { branchCode: 'phuket', name: { th: 'ตัวเมืองภูเก็ต', en: 'Phuket Town', zh: '普吉镇' }, fee: 500 },
  {
    branchCode: 'chiangmai',
    name: { th: 'คูเมืองและนิมมานฯ', en: 'Old City and Nimman', zh: '古城及宁曼路' },
    fee: 300,
  },
  { branchCode: 'hdy', name: { th: 'ตัวเมืองหาดใหญ่', en: 'Hat Yai city', zh: '合艾市区' }, fee: 300 },
  { branchCode: 'hdy', name: { th: 'สงขลา', en: 'Songkhla', zh: '宋卡' }, fee: 600 },
  { branchCode: 'krabi', name: { th: 'อ่าวนาง', en: 'Ao Nang', zh: '奥南' }, fee: 500 },
];

export const demoCarModels: DemoCarModel[] = [
  // ---------------------------------------------------------------- sedan
  {
    // Yaris Ativ 1.2 Premium (2022-)
    slug: 'toyota-yaris-ativ',
    brand: toyota,
    model: { th: 'ยาริส เอทีฟ', en: 'Yaris Ativ', zh: '雅力士 Ativ' },
    category: 'sedan',
    pricePerDay: 890,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: {
      engine: '1,197 cc 4-cyl Dual VVT-iE',
      maxPower: '92 hp @ 6,000 rpm',
      maxTorque: '110 Nm @ 4,200 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '40 L',
      weight: '1,070 kg',
      dimensions: '4,425 × 1,740 × 1,480 mm',
    },
    features: [...modern],
    description: {
      th: 'รถเก๋งอีโคคาร์ยอดนิยม ขับง่าย จอดง่าย และประหยัดน้ำมันมาก เหมาะกับการเที่ยวในเมืองหรือขับต่างจังหวัด 2–4 คน ท้ายรถใส่กระเป๋าเดินทางใบใหญ่ได้ 2 ใบ',
      en: 'Thailand’s favourite eco sedan: easy to drive, easy to park and very light on fuel. A good pick for two to four people in the city or on a trip upcountry, with room for two large suitcases in the boot.',
      zh: '泰国最受欢迎的经济型轿车，好开、好停，非常省油。适合 2–4 人市区代步或跨府自驾，后备箱可放两个大行李箱。',
    },
    color: '#C0392B',
    popular: true,
    units: [
      { plate: '4บฐ 9294 สมุทรปราการ', branch: 'srn' },
      { plate: 'ลข 7026 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'กผ 4352 สงขลา', branch: 'hdy' },
      { plate: 'ทข 4401 อุดรธานี', branch: 'udon' },
    ],
    images: pictures('toyota-yaris-ativ'),
  },
  {
    // City 1.0 Turbo SV (2020-)
    slug: 'honda-city',
    brand: honda,
    model: { th: 'ซิตี้', en: 'City', zh: 'City' },
    category: 'sedan',
    pricePerDay: 990,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: {
      engine: '988 cc 3-cyl VTEC Turbo',
      maxPower: '120 hp @ 5,500 rpm',
      maxTorque: '173 Nm @ 2,000–4,500 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.8 km/l',
      fuelTankCapacity: '40 L',
      weight: '1,150 kg',
      dimensions: '4,553 × 1,748 × 1,467 mm',
    },
    features: [...modern, 'cruise_control'],
    description: {
      th: 'ซีดานห้องโดยสารกว้าง เครื่องยนต์ 1.0 เทอร์โบแรงกว่าที่คิด แซงบนทางหลวงได้มั่นใจแต่ยังประหยัดน้ำมัน เบาะหลังนั่งสบาย ท้ายรถใส่กระเป๋าใบใหญ่ได้ 2 ใบพร้อมของฝากอีกเพียบ',
      en: 'A roomy sedan whose 1.0 turbo pulls better than you would expect, so overtaking on the highway feels easy while fuel costs stay low. Comfortable rear seats and a big boot: two large suitcases plus the shopping.',
      zh: '空间宽敞的轿车，1.0T 涡轮发动机动力比想象中更足，高速超车从容，油耗依然很低。后排坐着舒服，后备箱能放两个大箱子，再加不少伴手礼。',
    },
    color: '#F1F5F9',
    popular: true,
    units: [
      { plate: '2สง 9241 สมุทรปราการ', branch: 'srn' },
      { plate: '8ยม 3068 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: '3วม 5771 ภูเก็ต', branch: 'phuket' },
      { plate: '7ฉว 8832 เชียงใหม่', branch: 'chiangmai' },
    ],
    images: pictures('honda-city'),
  },
  {
    // Almera 1.0 Turbo VL (2020-)
    slug: 'nissan-almera',
    brand: nissan,
    model: { th: 'อัลเมร่า', en: 'Almera', zh: 'Almera' },
    category: 'sedan',
    pricePerDay: 790,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: {
      engine: '999 cc 3-cyl turbo',
      maxPower: '99 hp @ 5,000 rpm',
      maxTorque: '152 Nm @ 2,400–4,000 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '35 L',
      weight: '1,075 kg',
      dimensions: '4,495 × 1,740 × 1,460 mm',
    },
    features: [...basics, 'apple_carplay', 'reverse_camera', 'keyless_entry', 'push_start', 'isofix'],
    description: {
      th: 'ตัวเลือกคุ้มค่าสำหรับคนที่อยากได้รถเก๋งในราคาประหยัด เครื่อง 1.0 เทอร์โบ ขับในเมืองคล่องตัว กินน้ำมันน้อย เหมาะกับการเดินทางไปทำธุระหรือเที่ยวใกล้ ๆ กับครอบครัวเล็ก',
      en: 'The budget-friendly way to a proper sedan. Its 1.0 turbo is nimble in traffic and sips fuel, ideal for business errands or short trips with a small family.',
      zh: '预算有限也能开上正经轿车的划算之选。1.0T 发动机在市区灵活又省油，适合办事出行或小家庭周边游。',
    },
    color: '#A3ADB8',
    popular: false,
    units: [
      { plate: 'ผภ 9759 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'หฮ 1851 อุบลราชธานี', branch: 'ubon' },
      { plate: 'กญ 8784 สุราษฎร์ธานี', branch: 'surat' },
    ],
    images: pictures('nissan-almera'),
  },
  {
    // Mazda2 1.3 Sedan S Leather (2023-)
    slug: 'mazda-2-sedan',
    brand: mazda,
    model: { th: '2 ซีดาน', en: '2 Sedan', zh: '2 三厢版' },
    category: 'sedan',
    pricePerDay: 1050,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: {
      engine: '1,298 cc 4-cyl SKYACTIV-G',
      maxPower: '92 hp @ 6,000 rpm',
      maxTorque: '123 Nm @ 4,000 rpm',
      drivetrain: 'FWD, 6-speed automatic',
      fuelConsumption: '20.4 km/l',
      fuelTankCapacity: '44 L',
      weight: '1,070 kg',
      dimensions: '4,340 × 1,695 × 1,470 mm',
    },
    features: [...modern],
    description: {
      th: 'รถเก๋งคันเล็กดีไซน์สวย ช่วงล่างแน่น พวงมาลัยแม่นยำ ขับสนุกทั้งในเมืองและทางโค้ง ห้องโดยสารเงียบ เหมาะกับคู่รักหรือเพื่อนสองสามคนที่มีกระเป๋าไม่มาก',
      en: 'A good-looking small sedan with a firm chassis and precise steering that make city streets and winding roads fun. Quiet inside; best for couples or two or three friends travelling light.',
      zh: '外观漂亮的小型轿车，底盘扎实、转向精准，市区和山路都开得很有乐趣。车内安静，适合情侣或两三位轻装出行的朋友。',
    },
    color: '#9B1B30',
    popular: false,
    units: [
      { plate: 'ณม 1369 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ถย 6976 เชียงราย', branch: 'chiangrai' },
    ],
    images: pictures('mazda-2-sedan'),
  },

  // ---------------------------------------------------------------- hatchback
  {
    // Swift 1.2 GLX (2021-2023)
    slug: 'suzuki-swift',
    brand: suzuki,
    model: { th: 'สวิฟท์', en: 'Swift', zh: '雨燕' },
    category: 'hatchback',
    pricePerDay: 750,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 5,
    luggage: 1,
    specs: {
      engine: '1,197 cc 4-cyl Dualjet',
      maxPower: '82 hp @ 6,000 rpm',
      maxTorque: '108 Nm @ 4,400 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.2 km/l',
      fuelTankCapacity: '37 L',
      weight: '905 kg',
      dimensions: '3,845 × 1,735 × 1,495 mm',
    },
    features: [
      ...basics,
      'apple_carplay',
      'android_auto',
      'reverse_camera',
      'keyless_entry',
      'push_start',
      'isofix',
    ],
    description: {
      th: 'รถแฮทช์แบ็กคันเล็กราคาเบาที่สุดในฟลีทของเรา คล่องตัว หาที่จอดง่ายแม้ในย่านคนพลุกพล่านอย่างป่าตองหรือนิมมาน เหมาะกับการเที่ยว 2 คน ใส่กระเป๋าใบใหญ่ได้ 1 ใบและใบเล็กอีก 1 ใบ',
      en: 'Our lowest-priced car: a small, zippy hatchback that slips into the tightest parking spots in Patong or Nimman. Perfect for two people with one large and one small bag.',
      zh: '我们车队中价格最低的车型：小巧灵活的两厢车，在芭东、宁曼路这样的热闹地段也好找车位。最适合两人出行，可放一个大箱和一个小箱。',
    },
    color: '#2563EB',
    popular: false,
    units: [
      { plate: '9จร 8145 ภูเก็ต', branch: 'phuket' },
      { plate: '8ชข 9518 เชียงใหม่', branch: 'chiangmai' },
      { plate: 'ฮห 7016 กระบี่', branch: 'krabi' },
    ],
    images: pictures('suzuki-swift'),
  },
  {
    // Yaris 1.2 Smart hatchback (2023-)
    slug: 'toyota-yaris',
    brand: toyota,
    model: { th: 'ยาริส', en: 'Yaris', zh: '雅力士' },
    category: 'hatchback',
    pricePerDay: 890,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 5,
    luggage: 1,
    specs: {
      engine: '1,197 cc 4-cyl Dual VVT-iE',
      maxPower: '92 hp @ 6,000 rpm',
      maxTorque: '110 Nm @ 4,200 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '42 L',
      weight: '1,045 kg',
      dimensions: '4,145 × 1,730 × 1,500 mm',
    },
    features: [...modern],
    description: {
      th: 'แฮทช์แบ็กขนาดกะทัดรัด วงเลี้ยวแคบ ประหยัดน้ำมันระดับอีโคคาร์ เหมาะกับการขับในกรุงเทพฯ และพัทยา พับเบาะหลังได้เมื่อต้องขนของชิ้นใหญ่',
      en: 'A compact hatchback with a tight turning circle and eco-car fuel economy, made for Bangkok and Pattaya streets. Fold the rear seats down when you need to carry something bulky.',
      zh: '小巧的两厢车，转弯半径小，油耗达到环保车水准，非常适合曼谷和芭提雅的街道。需要装大件物品时，后排座椅可以放倒。',
    },
    color: '#EA580C',
    popular: false,
    units: [
      { plate: '6ขช 4945 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'ฐพ 4968 ชลบุรี', branch: 'pty' },
      { plate: 'มร 2183 ประจวบคีรีขันธ์', branch: 'huaHin' },
    ],
    images: pictures('toyota-yaris'),
  },
  {
    // City Hatchback 1.0 Turbo SV (2021-)
    slug: 'honda-city-hatchback',
    brand: honda,
    model: { th: 'ซิตี้ แฮทช์แบ็ก', en: 'City Hatchback', zh: 'City 两厢版' },
    category: 'hatchback',
    pricePerDay: 1090,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      engine: '988 cc 3-cyl VTEC Turbo',
      maxPower: '120 hp @ 5,500 rpm',
      maxTorque: '173 Nm @ 2,000–4,500 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '40 L',
      weight: '1,155 kg',
      dimensions: '4,349 × 1,748 × 1,488 mm',
    },
    features: [...modern, 'cruise_control'],
    description: {
      th: 'แฮทช์แบ็กห้องโดยสารกว้างที่สุดรุ่นหนึ่ง เบาะหลังพับและยกได้หลายแบบ ใส่กระเป๋าใบใหญ่ได้ 2 ใบหรือแม้แต่จักรยานพับ เครื่อง 1.0 เทอร์โบมีแรงและประหยัด ขับทางไกลก็ไม่เหนื่อย',
      en: 'One of the roomiest hatchbacks around, with rear seats that flip and fold several ways: enough for two large suitcases or even a folding bike. The 1.0 turbo is lively and frugal on long drives.',
      zh: '同级中空间最宽敞的两厢车之一，后排座椅可多种方式翻折，能放两个大箱子，甚至一辆折叠自行车。1.0T 发动机有劲又省油，长途驾驶也轻松。',
    },
    color: '#4B5563',
    popular: false,
    units: [
      { plate: 'ศศ 7964 สมุทรปราการ', branch: 'srn' },
      { plate: 'ฐต 9370 สุราษฎร์ธานี', branch: 'samui' },
      { plate: 'นณ 2638 สงขลา', branch: 'hdy' },
    ],
    images: pictures('honda-city-hatchback'),
  },
  {
    // Mazda2 1.3 Sports S Leather (2023-)
    slug: 'mazda-2-sports',
    brand: mazda,
    model: { th: '2 สปอร์ต', en: '2 Sports', zh: '2 两厢版' },
    category: 'hatchback',
    pricePerDay: 1150,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 5,
    doors: 5,
    luggage: 1,
    specs: {
      engine: '1,298 cc 4-cyl SKYACTIV-G',
      maxPower: '92 hp @ 6,000 rpm',
      maxTorque: '123 Nm @ 4,000 rpm',
      drivetrain: 'FWD, 6-speed automatic',
      fuelConsumption: '20.4 km/l',
      fuelTankCapacity: '44 L',
      weight: '1,045 kg',
      dimensions: '4,065 × 1,695 × 1,525 mm',
    },
    features: [...modern, 'cruise_control'],
    description: {
      th: 'แฮทช์แบ็กสไตล์สปอร์ต ภายในตกแต่งดูดี เบาะนั่งกระชับ เหมาะกับคนที่ชอบขับรถเองและอยากสนุกบนถนนภูเขา เช่น เส้นทางเชียงใหม่–ปาย ท้ายรถใส่กระเป๋าใบกลางหรือใบใหญ่ได้ 1 ใบ',
      en: 'A sporty hatchback with a smart cabin and supportive seats, for people who enjoy driving: try it on the mountain road from Chiang Mai to Pai. The boot takes one large or medium suitcase.',
      zh: '运动风格的两厢车，内饰精致，座椅包裹性好，适合喜欢驾驶乐趣的人，比如清迈到拜县的山路。后备箱可放一个中号或大号行李箱。',
    },
    color: '#6E7B8B',
    popular: false,
    units: [
      { plate: '2พช 9675 เชียงใหม่', branch: 'chiangmai' },
      { plate: '1นส 9132 กรุงเทพมหานคร', branch: 'bkk' },
    ],
    images: pictures('mazda-2-sports'),
  },

  // ---------------------------------------------------------------- crossover
  {
    // Yaris Cross HEV Premium (2023-)
    slug: 'toyota-yaris-cross',
    brand: toyota,
    model: { th: 'ยาริส ครอส', en: 'Yaris Cross', zh: 'Yaris Cross' },
    category: 'crossover',
    pricePerDay: 1390,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      engine: '1,496 cc 4-cyl + hybrid motor',
      maxPower: '111 hp (system)',
      maxTorque: '121 Nm (engine), 141 Nm (motor)',
      drivetrain: 'FWD, e-CVT',
      fuelConsumption: '25.6 km/l',
      fuelTankCapacity: '36 L',
      weight: '1,215 kg',
      dimensions: '4,310 × 1,770 × 1,615 mm',
    },
    features: [...modern, 'cruise_control', 'lane_assist'],
    description: {
      th: 'ครอสโอเวอร์ไฮบริดขนาดกะทัดรัด ใต้ท้องสูง ขึ้นลงง่าย ขับในเมืองกินน้ำมันน้อยมาก เหมาะกับครอบครัว 4 คนที่อยากได้ความคล่องตัวแบบรถเล็กแต่นั่งสบายแบบ SUV',
      en: 'A compact hybrid crossover with extra ground clearance and easy access. It barely uses fuel around town, so it suits a family of four who want small-car agility with SUV comfort.',
      zh: '小巧的混动跨界车，离地间隙高，上下车方便，市区行驶几乎不怎么耗油。适合想要小车的灵活、又要 SUV 舒适感的四口之家。',
    },
    color: '#3F7F86',
    popular: true,
    units: [
      { plate: '2ถง 5589 สมุทรปราการ', branch: 'srn' },
      { plate: 'วถ 3949 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: '6ดณ 8946 ภูเก็ต', branch: 'phuket' },
      { plate: 'อห 7519 อุดรธานี', branch: 'udon' },
    ],
    images: pictures('toyota-yaris-cross'),
  },
  {
    // HR-V e:HEV EL (2022-)
    slug: 'honda-hr-v',
    brand: honda,
    model: { th: 'เอชอาร์-วี', en: 'HR-V', zh: 'HR-V' },
    category: 'crossover',
    pricePerDay: 1790,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      engine: '1,498 cc 4-cyl i-VTEC + 2 motors (e:HEV)',
      maxPower: '129 hp (motor)',
      maxTorque: '253 Nm (motor)',
      drivetrain: 'FWD, e-CVT',
      fuelConsumption: '25.6 km/l',
      fuelTankCapacity: '40 L',
      weight: '1,370 kg',
      dimensions: '4,330 × 1,790 × 1,590 mm',
    },
    features: [...modern, 'cruise_control', 'lane_assist', 'wireless_charging'],
    description: {
      th: 'ครอสโอเวอร์ไฮบริด e:HEV ที่ใช้มอเตอร์ไฟฟ้าขับเคลื่อนเป็นหลัก ออกตัวนุ่ม เงียบ และประหยัดมาก มีระบบช่วยขับขี่ Honda SENSING ทั้งครูสคอนโทรลแบบแปรผันและระบบช่วยรักษาช่องทาง ขับทางไกลได้สบายใจ',
      en: 'A hybrid crossover that drives mostly on its electric motor: smooth, quiet and very economical. Honda SENSING driver aids, including adaptive cruise and lane keeping, make long drives relaxing.',
      zh: '混动跨界 SUV，大部分时间由电机驱动，起步平顺安静，非常省油。配备 Honda SENSING 驾驶辅助（自适应巡航、车道保持），长途驾驶更安心。',
    },
    color: '#8A8468',
    popular: false,
    units: [
      { plate: '1ยอ 2503 เชียงใหม่', branch: 'chiangmai' },
      { plate: '3สข 6722 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ณน 4254 กระบี่', branch: 'krabi' },
    ],
    images: pictures('honda-hr-v'),
  },
  {
    // Corolla Cross HEV Premium (2024-)
    slug: 'toyota-corolla-cross',
    brand: toyota,
    model: { th: 'โคโรลล่า ครอส', en: 'Corolla Cross', zh: '卡罗拉锐放' },
    category: 'crossover',
    pricePerDay: 1690,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 5,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '1,798 cc 4-cyl + hybrid motor',
      maxPower: '120 hp (system)',
      maxTorque: '142 Nm (engine), 163 Nm (motor)',
      drivetrain: 'FWD, e-CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '36 L',
      weight: '1,385 kg',
      dimensions: '4,460 × 1,825 × 1,620 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'lane_assist'],
    description: {
      th: 'ครอสโอเวอร์ไฮบริดห้องโดยสารกว้าง เบาะหลังปรับเอนได้ ท้ายรถใส่กระเป๋าใบใหญ่ได้ 3 ใบ เหมาะกับครอบครัวที่ขับทางไกล เช่น กรุงเทพฯ–เขาใหญ่ ประหยัดน้ำมัน และมาพร้อมระบบความปลอดภัย Toyota Safety Sense',
      en: 'A spacious hybrid crossover with reclining rear seats and room for three large suitcases. Great for family road trips such as Bangkok to Khao Yai, with low fuel bills and Toyota Safety Sense as standard.',
      zh: '空间宽敞的混动跨界 SUV，后排靠背可调，后备箱能放三个大箱子。适合家庭长途自驾，比如曼谷到考艾，油耗低，并标配丰田 TSS 智行安全系统。',
    },
    color: '#E8ECF1',
    popular: false,
    units: [
      { plate: 'ฒฐ 9049 สมุทรปราการ', branch: 'srn' },
      { plate: 'ฒณ 6580 สงขลา', branch: 'hdy' },
      { plate: 'สด 9000 เชียงราย', branch: 'chiangrai' },
    ],
    images: pictures('toyota-corolla-cross'),
  },

  // ---------------------------------------------------------------- suv
  {
    // Fortuner 2.4 V 4x2 (2020-)
    slug: 'toyota-fortuner',
    brand: toyota,
    model: { th: 'ฟอร์จูนเนอร์', en: 'Fortuner', zh: 'Fortuner' },
    category: 'suv',
    pricePerDay: 2690,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 7,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '2,393 cc 4-cyl turbo diesel',
      maxPower: '148 hp @ 3,400 rpm',
      maxTorque: '400 Nm @ 1,600–2,000 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '13.9 km/l',
      fuelTankCapacity: '80 L',
      weight: '2,035 kg',
      dimensions: '4,795 × 1,855 × 1,835 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'leather_seats', 'third_row'],
    description: {
      th: 'เอสยูวี 7 ที่นั่งที่คนไทยไว้ใจ ตัวถังแข็งแรง ใต้ท้องสูง ขึ้นดอยหรือวิ่งถนนลูกรังได้มั่นใจ เครื่องดีเซล 2.4 แรงบิดสูงแต่ประหยัด เหมาะกับทริปภาคเหนือหรือครอบครัวที่มีสัมภาระเยอะ',
      en: 'The 7-seat SUV Thais trust: a tough body-on-frame build and high ground clearance for mountain roads and gravel tracks. The 2.4 diesel has plenty of torque yet stays economical, ideal for a northern road trip or a family with lots of luggage.',
      zh: '泰国人信赖的七座 SUV：非承载式车身结实，离地间隙高，上山路、走砂石路都很有底气。2.4 柴油发动机扭矩大又省油，适合泰北自驾或行李较多的家庭。',
    },
    color: '#2B2B2E',
    popular: true,
    units: [
      { plate: '4ขว 6081 สมุทรปราการ', branch: 'srn' },
      { plate: 'ตข 1316 เชียงใหม่', branch: 'chiangmai' },
      { plate: 'ญม 7468 เชียงราย', branch: 'chiangrai' },
      { plate: '3ทพ 3271 ภูเก็ต', branch: 'phuket' },
    ],
    images: pictures('toyota-fortuner'),
  },
  {
    // MU-X 1.9 Ultimate 4x2 (2022-)
    slug: 'isuzu-mu-x',
    brand: isuzu,
    model: { th: 'มิว-เอ็กซ์', en: 'MU-X', zh: 'MU-X 牧游侠' },
    category: 'suv',
    pricePerDay: 2390,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 7,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '1,898 cc 4-cyl turbo diesel',
      maxPower: '148 hp @ 3,600 rpm',
      maxTorque: '350 Nm @ 1,800–2,600 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '14.7 km/l',
      fuelTankCapacity: '80 L',
      weight: '1,990 kg',
      dimensions: '4,850 × 1,870 × 1,825 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'third_row'],
    description: {
      th: 'เอสยูวีดีเซล 7 ที่นั่งที่ช่วงล่างนุ่มกว่ารถกระบะมาก เครื่อง 1.9 ประหยัดน้ำมันที่สุดรุ่นหนึ่งในกลุ่ม คุ้มมากสำหรับการขับทางไกลในภาคอีสานหรือภาคใต้ จอกลางรองรับ Apple CarPlay และ Android Auto',
      en: 'A 7-seat diesel SUV that rides far more softly than its pickup cousins. The 1.9 engine is among the thriftiest in its class, good news on long drives across Isan or the south, and the screen supports Apple CarPlay and Android Auto.',
      zh: '七座柴油 SUV，乘坐舒适度远胜同平台皮卡。1.9 升发动机是同级最省油的之一，在东北部或南部长途驾驶很划算，中控屏支持 Apple CarPlay 和 Android Auto。',
    },
    color: '#8B1A1A',
    popular: false,
    units: [
      { plate: 'ลฐ 7060 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'ขณ 9559 อุดรธานี', branch: 'udon' },
      { plate: 'พห 7105 กระบี่', branch: 'krabi' },
    ],
    images: pictures('isuzu-mu-x'),
  },
  {
    // Pajero Sport 2.4 GT Premium 4WD (2019-)
    slug: 'mitsubishi-pajero-sport',
    brand: mitsubishi,
    model: { th: 'ปาเจโร่ สปอร์ต', en: 'Pajero Sport', zh: '帕杰罗·劲畅' },
    category: 'suv',
    pricePerDay: 2490,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 7,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '2,442 cc 4-cyl MIVEC turbo diesel',
      maxPower: '179 hp @ 3,500 rpm',
      maxTorque: '430 Nm @ 2,500 rpm',
      drivetrain: '4WD (Super Select 4WD-II), 8-speed automatic',
      fuelConsumption: '12.8 km/l',
      fuelTankCapacity: '68 L',
      weight: '2,110 kg',
      dimensions: '4,825 × 1,815 × 1,835 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'leather_seats',
      'four_wheel_drive',
      'third_row',
    ],
    description: {
      th: 'เอสยูวีขับเคลื่อนสี่ล้อ เกียร์อัตโนมัติ 8 สปีดเปลี่ยนเกียร์นุ่ม ทรงตัวดี มั่นใจทั้งทางขึ้นเขาสูงชัน ถนนในอุทยานแห่งชาติ และช่วงหน้าฝน นั่งได้ 7 คนบนเบาะหนัง',
      en: 'A four-wheel-drive SUV with a smooth 8-speed automatic and steady handling, at home on steep hill roads, national-park tracks and in the rainy season. Seats seven, on leather.',
      zh: '四驱 SUV，8 速自动变速箱换挡平顺，操控稳定，陡峭山路、国家公园的道路和雨季路况都能从容应对。七座，真皮座椅。',
    },
    color: '#9CA3AF',
    popular: false,
    units: [
      { plate: 'วก 3939 สงขลา', branch: 'hdy' },
      { plate: 'ดฐ 2126 สุราษฎร์ธานี', branch: 'samui' },
      { plate: 'นญ 8737 อุบลราชธานี', branch: 'ubon' },
    ],
    images: pictures('mitsubishi-pajero-sport'),
  },

  // ---------------------------------------------------------------- 7-seat MPV
  {
    // Xpander 1.5 GT (2022-)
    slug: 'mitsubishi-xpander',
    brand: mitsubishi,
    model: { th: 'เอ็กซ์แพนเดอร์', en: 'Xpander', zh: 'Xpander' },
    category: '7seat',
    pricePerDay: 1590,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 7,
    doors: 5,
    luggage: 2,
    specs: {
      engine: '1,499 cc 4-cyl MIVEC',
      maxPower: '104 hp @ 6,000 rpm',
      maxTorque: '141 Nm @ 4,000 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '16.1 km/l',
      fuelTankCapacity: '45 L',
      weight: '1,250 kg',
      dimensions: '4,595 × 1,750 × 1,750 mm',
    },
    features: [...modern, 'third_row'],
    description: {
      th: 'รถอเนกประสงค์ 7 ที่นั่งราคาคุ้มค่า ใต้ท้องสูง เจอน้ำขังหน้าฝนก็ไม่หวั่น มีช่องแอร์บนหลังคาเย็นทั่วถึงทุกแถว เหมาะกับครอบครัวใหญ่หรือกลุ่มเพื่อน 5–7 คน ถ้านั่งครบ 7 คน ท้ายรถใส่กระเป๋าใบเล็กได้ 2 ใบ',
      en: 'Great-value 7-seat MPV with good ground clearance for rainy-season puddles and roof vents that cool every row. Suits a big family or five to seven friends; with all seats in use, the boot takes two small bags.',
      zh: '高性价比的七座 MPV，离地间隙高，雨季遇到积水也不慌，车顶出风口让每一排都凉快。适合大家庭或 5–7 位朋友同行；七座全用时，后备箱可放两个小箱子。',
    },
    color: '#5B6770',
    popular: true,
    units: [
      { plate: 'จท 4606 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'บก 8890 ภูเก็ต', branch: 'phuket' },
      { plate: 'ลท 4453 สงขลา', branch: 'hdy' },
      { plate: 'จฒ 8070 อุบลราชธานี', branch: 'ubon' },
    ],
    images: pictures('mitsubishi-xpander'),
  },
  {
    // Veloz 1.5 Premium (2022-)
    slug: 'toyota-veloz',
    brand: toyota,
    model: { th: 'เวลอซ', en: 'Veloz', zh: 'Veloz' },
    category: '7seat',
    pricePerDay: 1690,
    transmission: 'automatic',
    fuel: 'petrol',
    seats: 7,
    doors: 5,
    luggage: 2,
    specs: {
      engine: '1,496 cc 4-cyl Dual VVT-i',
      maxPower: '105 hp @ 6,000 rpm',
      maxTorque: '138 Nm @ 4,200 rpm',
      drivetrain: 'FWD, CVT',
      fuelConsumption: '17.2 km/l',
      fuelTankCapacity: '43 L',
      weight: '1,230 kg',
      dimensions: '4,475 × 1,750 × 1,700 mm',
    },
    features: [...modern, 'parking_sensors', 'wireless_charging', 'third_row'],
    description: {
      th: 'เอ็มพีวี 7 ที่นั่งดีไซน์ทันสมัย มีกล้องรอบคัน เบาะแถวสองและสามพับราบได้ กลายเป็นพื้นที่วางสัมภาระขนาดใหญ่ได้ทันที ขับในเมืองคล่อง เป็นรถที่ครอบครัวที่มีลูกเล็กชอบมาก',
      en: 'A modern 7-seat MPV with a panoramic camera, and second and third rows that fold flat into a big load space. Easy to drive in town, and a favourite with families travelling with young children.',
      zh: '设计新颖的七座 MPV，配备全景影像，第二、三排座椅可以放平，瞬间变出大空间装行李。市区驾驶灵活，很受带小孩出游的家庭欢迎。',
    },
    color: '#8A5A3B',
    popular: false,
    units: [
      { plate: '4ยน 4188 สมุทรปราการ', branch: 'srn' },
      { plate: '6พบ 1478 เชียงใหม่', branch: 'chiangmai' },
      { plate: 'กท 6834 สุราษฎร์ธานี', branch: 'surat' },
    ],
    images: pictures('toyota-veloz'),
  },
  {
    // Innova Zenix 2.0 HEV Smart (2023-)
    slug: 'toyota-innova-zenix',
    brand: toyota,
    model: { th: 'อินโนวา เซนิกซ์', en: 'Innova Zenix', zh: 'Innova Zenix' },
    category: '7seat',
    pricePerDay: 2190,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 7,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '1,987 cc 4-cyl + hybrid motor',
      maxPower: '184 hp (system)',
      maxTorque: '188 Nm (engine), 206 Nm (motor)',
      drivetrain: 'FWD, e-CVT',
      fuelConsumption: '21.3 km/l',
      fuelTankCapacity: '52 L',
      weight: '1,640 kg',
      dimensions: '4,755 × 1,850 × 1,790 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'lane_assist', 'third_row'],
    description: {
      th: 'เอ็มพีวีไฮบริดตัวใหญ่ นั่งสบายทั้ง 7 คนแม้เดินทางหลายชั่วโมง ช่วงล่างนุ่ม ห้องโดยสารเงียบ และประหยัดน้ำมันกว่ารถตู้มาก เหมาะกับครอบครัวหลายรุ่นหรือการรับรองแขกธุรกิจ',
      en: 'A large hybrid MPV that keeps all seven people comfortable on long journeys, with a soft ride, a quiet cabin and far lower fuel costs than a van. Ideal for multi-generation families or business guests.',
      zh: '大尺寸混动 MPV，七个人坐上几个小时也舒服。悬挂柔软、车内安静，油耗比面包车低得多。适合三代同堂的家庭出游或商务接待。',
    },
    color: '#E7E5E4',
    popular: false,
    units: [
      { plate: '2นค 2286 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ลญ 2593 ชลบุรี', branch: 'pty' },
    ],
    images: pictures('toyota-innova-zenix'),
  },

  // ---------------------------------------------------------------- minivan
  {
    // Staria 2.2 Premium 11 seats (2021-)
    slug: 'hyundai-staria',
    brand: hyundai,
    model: { th: 'สตาร์เรีย', en: 'Staria', zh: 'Staria' },
    category: 'minivan',
    pricePerDay: 3290,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 11,
    doors: 5,
    luggage: 4,
    specs: {
      engine: '2,199 cc 4-cyl CRDi turbo diesel',
      maxPower: '175 hp @ 3,800 rpm',
      maxTorque: '431 Nm @ 1,500–2,500 rpm',
      drivetrain: 'FWD, 8-speed automatic',
      fuelConsumption: '11.9 km/l',
      fuelTankCapacity: '75 L',
      weight: '2,270 kg',
      dimensions: '5,253 × 1,997 × 1,990 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'sliding_doors', 'third_row'],
    description: {
      th: 'มินิแวนดีไซน์ล้ำ หน้าต่างบานใหญ่ ชมวิวได้รอบทิศ นั่งได้ 11 คน ประตูสไลด์ไฟฟ้าช่วยให้ผู้สูงอายุและเด็กขึ้นลงสะดวก ตัวรถไม่สูงมากจึงขับง่ายกว่ารถตู้ทั่วไป',
      en: 'A futuristic-looking minivan with big panoramic windows and seats for 11. Power sliding doors make getting in easy for grandparents and kids, and it is easier to drive than a traditional van.',
      zh: '造型前卫的商务车，大面积车窗视野开阔，可坐 11 人。电动侧滑门方便老人和小孩上下车，车身不算太高，比传统面包车更好开。',
    },
    color: '#6B5B4E',
    popular: false,
    units: [
      { plate: '1ญฮ 5345 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'วด 8996 ภูเก็ต', branch: 'phuket' },
      { plate: '7ญณ 7912 เชียงใหม่', branch: 'chiangmai' },
    ],
    images: pictures('hyundai-staria'),
  },
  {
    // Carnival 2.2 SXL 7 seats (2022-)
    slug: 'kia-carnival',
    brand: kia,
    model: { th: 'คาร์นิวัล', en: 'Carnival', zh: '嘉华' },
    category: 'minivan',
    pricePerDay: 3690,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 7,
    doors: 5,
    luggage: 4,
    specs: {
      engine: '2,151 cc 4-cyl turbo diesel',
      maxPower: '199 hp @ 3,800 rpm',
      maxTorque: '440 Nm @ 1,750–2,750 rpm',
      drivetrain: 'FWD, 8-speed automatic',
      fuelConsumption: '14.1 km/l',
      fuelTankCapacity: '72 L',
      weight: '2,145 kg',
      dimensions: '5,155 × 1,995 × 1,775 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'leather_seats',
      'sunroof',
      'sliding_doors',
      'third_row',
    ],
    description: {
      th: 'มินิแวนหรูสไตล์ SUV 7 ที่นั่ง เบาะแถวสองแบบกัปตันซีท ประตูสไลด์ไฟฟ้าทั้งสองฝั่ง ขับนุ่มเหมือนรถเก๋ง เป็นตัวเลือกระดับพรีเมียมสำหรับครอบครัว',
      en: 'An upmarket, SUV-styled 7-seat minivan with captain’s chairs in the second row and power sliding doors on both sides. It drives as smoothly as a sedan; a premium choice for families.',
      zh: 'SUV 风格的豪华七座商务车，第二排为独立座椅，两侧都是电动侧滑门，开起来像轿车一样平顺，是家庭出行的高端之选。',
    },
    color: '#334155',
    popular: false,
    units: [
      { plate: '5คม 2193 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ฮถ 7275 ประจวบคีรีขันธ์', branch: 'huaHin' },
    ],
    images: pictures('kia-carnival'),
  },

  // ---------------------------------------------------------------- van
  {
    // Commuter 2.8 high roof, 13 seats (2019-)
    slug: 'toyota-commuter',
    brand: toyota,
    model: { th: 'คอมมิวเตอร์', en: 'Commuter', zh: '海狮 Commuter' },
    category: 'van',
    pricePerDay: 2590,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 13,
    doors: 4,
    luggage: 5,
    specs: {
      engine: '2,755 cc 4-cyl turbo diesel',
      maxPower: '154 hp @ 3,400 rpm',
      maxTorque: '420 Nm @ 1,400–2,600 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '11.5 km/l',
      fuelTankCapacity: '70 L',
      weight: '2,480 kg',
      dimensions: '5,915 × 1,950 × 2,280 mm',
    },
    features: [...basics, 'reverse_camera', 'sliding_doors', 'third_row'],
    description: {
      th: 'รถตู้หลังคาสูง 13 ที่นั่ง แอร์เย็นทั่วทั้งคัน เหมาะกับกรุ๊ปเพื่อนหรือครอบครัวใหญ่ที่เดินทางจากสนามบินไปพัทยา หัวหิน หรือเขาใหญ่ด้วยกัน หากไม่สะดวกขับเอง เพิ่มบริการพนักงานขับรถได้',
      en: 'A high-roof 13-seat van with strong air conditioning front to back, for big groups heading from the airport to Pattaya, Hua Hin or Khao Yai together. Prefer not to drive? Add one of our drivers.',
      zh: '高顶 13 座面包车，前后排空调都很给力。适合团体或大家庭从机场一起前往芭提雅、华欣或考艾。不想自己开？可以加订我们的司机服务。',
    },
    color: '#F1F5F9',
    popular: true,
    units: [
      { plate: '6ทฒ 4245 สมุทรปราการ', branch: 'srn' },
      { plate: '5ชฒ 7628 สมุทรปราการ', branch: 'srn' },
      { plate: '7ทน 4259 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'ชบ 6582 ภูเก็ต', branch: 'phuket' },
      { plate: '8ดย 5131 ชลบุรี', branch: 'pty' },
    ],
    images: pictures('toyota-commuter'),
  },
  {
    // Majesty 2.8 Premium, 11 seats (2019-)
    slug: 'toyota-majesty',
    brand: toyota,
    model: { th: 'มาเจสตี้', en: 'Majesty', zh: 'Majesty' },
    category: 'van',
    pricePerDay: 3790,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 11,
    doors: 4,
    luggage: 4,
    specs: {
      engine: '2,755 cc 4-cyl turbo diesel',
      maxPower: '174 hp @ 3,400 rpm',
      maxTorque: '450 Nm @ 1,600–2,400 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '11.2 km/l',
      fuelTankCapacity: '70 L',
      weight: '2,620 kg',
      dimensions: '5,300 × 1,970 × 1,990 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control', 'leather_seats', 'sliding_doors', 'third_row'],
    description: {
      th: 'รถตู้ระดับพรีเมียม เบาะหนังปรับเอนได้ ช่วงล่างนุ่มกว่ารถตู้ทั่วไป ประตูสไลด์ไฟฟ้า เหมาะกับการรับส่งแขกวีไอพี งานแต่งงาน หรือครอบครัวที่อยากเดินทางไกลอย่างสบาย',
      en: 'A premium van with reclining leather seats, a softer ride than a regular van and power sliding doors. Ideal for VIP transfers, weddings or families who want to travel long distances in comfort.',
      zh: '高端商务面包车，真皮座椅可调节靠背，悬挂比普通面包车更舒适，配电动侧滑门。适合 VIP 接送、婚礼用车，或想舒舒服服长途出行的家庭。',
    },
    color: '#3F3F46',
    popular: false,
    units: [
      { plate: 'ฐก 1464 สมุทรปราการ', branch: 'srn' },
      { plate: 'ฐญ 7917 กรุงเทพมหานคร', branch: 'bkk' },
    ],
    images: pictures('toyota-majesty'),
  },

  // ---------------------------------------------------------------- pickup
  {
    // Hilux Revo Double Cab Prerunner 2.4 Entry AT (2020-)
    slug: 'toyota-hilux-revo',
    brand: toyota,
    model: { th: 'ไฮลักซ์ รีโว่', en: 'Hilux Revo', zh: '海拉克斯 Revo' },
    category: 'cap',
    pricePerDay: 1390,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 5,
    doors: 4,
    luggage: 4,
    specs: {
      engine: '2,393 cc 4-cyl turbo diesel',
      maxPower: '148 hp @ 3,400 rpm',
      maxTorque: '400 Nm @ 1,600–2,000 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '13.6 km/l',
      fuelTankCapacity: '80 L',
      weight: '1,870 kg',
      dimensions: '5,325 × 1,855 × 1,815 mm',
    },
    features: [...modern],
    description: {
      th: 'กระบะ 4 ประตู (ดับเบิลแค็บ) ยกสูง ทนทาน ไปได้ทุกสภาพถนน กระบะท้ายขนของได้เยอะ ทั้งอุปกรณ์แคมป์ปิ้ง จักรยาน หรือของฝาก นั่งได้ 5 คน เป็นรถที่คนท้องถิ่นใช้กันมากที่สุด',
      en: 'A tough, raised double-cab pickup that takes any road in its stride. The open bed swallows camping gear, bikes or market shopping, and five people ride in the cab. It is what most locals drive.',
      zh: '坚固耐用的高底盘双排皮卡，什么路况都能应付。后斗能装露营装备、自行车或大包小包的特产，驾驶室可坐五人。这是泰国当地人最常开的车型。',
    },
    color: '#F3F4F6',
    popular: true,
    units: [
      { plate: '7นฒ 8172 เชียงใหม่', branch: 'chiangmai' },
      { plate: 'นว 4290 เชียงราย', branch: 'chiangrai' },
      { plate: 'ดข 1095 อุดรธานี', branch: 'udon' },
      { plate: 'ฮค 4682 อุบลราชธานี', branch: 'ubon' },
      { plate: 'ลผ 1429 สุราษฎร์ธานี', branch: 'surat' },
    ],
    images: pictures('toyota-hilux-revo'),
  },
  {
    // D-Max Hi-Lander Cab4 1.9 Ddi L MT (2020-)
    slug: 'isuzu-d-max',
    brand: isuzu,
    model: { th: 'ดีแมคซ์', en: 'D-Max', zh: 'D-MAX' },
    category: 'cap',
    pricePerDay: 1290,
    transmission: 'manual',
    fuel: 'diesel',
    seats: 5,
    doors: 4,
    luggage: 4,
    specs: {
      engine: '1,898 cc 4-cyl turbo diesel',
      maxPower: '148 hp @ 3,600 rpm',
      maxTorque: '350 Nm @ 1,800–2,600 rpm',
      drivetrain: 'RWD, 6-speed manual',
      fuelConsumption: '15.4 km/l',
      fuelTankCapacity: '76 L',
      weight: '1,780 kg',
      dimensions: '5,265 × 1,870 × 1,790 mm',
    },
    features: [...basics, 'apple_carplay', 'android_auto', 'reverse_camera', 'isofix'],
    description: {
      th: 'กระบะดับเบิลแค็บเกียร์ธรรมดา เครื่อง 1.9 ดีเซลประหยัดและแรงบิดดี เหมาะกับคนที่ถนัดเกียร์ธรรมดาและต้องการรถไว้ลุยหรือขนของ ราคาคุ้มที่สุดในกลุ่มรถกระบะของเรา',
      en: 'A manual double-cab pickup with a frugal, torquey 1.9 diesel. Best for drivers at home with a clutch who need to haul gear; the best value of our pickups.',
      zh: '手动挡双排皮卡，1.9 升柴油发动机省油、扭矩足。适合习惯开手动挡、需要拉货或装备的人，是我们皮卡中最实惠的一款。',
    },
    color: '#1E40AF',
    popular: false,
    units: [
      { plate: '7ภพ 6562 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'หล 5203 สุราษฎร์ธานี', branch: 'surat' },
      { plate: 'งท 8029 กระบี่', branch: 'krabi' },
    ],
    images: pictures('isuzu-d-max'),
  },
  {
    // Ranger Double Cab XLT 2.0 Turbo Hi-Rider (2022-)
    slug: 'ford-ranger',
    brand: ford,
    model: { th: 'เรนเจอร์', en: 'Ranger', zh: 'Ranger 游骑侠' },
    category: 'cap',
    pricePerDay: 1690,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 5,
    doors: 4,
    luggage: 4,
    specs: {
      engine: '1,996 cc 4-cyl turbo diesel',
      maxPower: '168 hp @ 3,500 rpm',
      maxTorque: '405 Nm @ 1,750–2,500 rpm',
      drivetrain: 'RWD, 6-speed automatic',
      fuelConsumption: '13.5 km/l',
      fuelTankCapacity: '80 L',
      weight: '2,010 kg',
      dimensions: '5,370 × 1,918 × 1,884 mm',
    },
    features: [...modern, 'parking_sensors', 'cruise_control'],
    description: {
      th: 'กระบะเจเนอเรชันล่าสุด ห้องโดยสารกว้างและเงียบเหมือนรถเก๋ง จอกลางขนาดใหญ่ เกียร์อัตโนมัติ 6 สปีด ขับทางไกลสบาย กระบะท้ายมีไฟส่องสว่างและจุดยึดของ เหมาะกับสายผจญภัยบนเกาะและตามชายหาด',
      en: 'The latest-generation pickup, with a quiet, car-like cabin, a big central touchscreen and a 6-speed automatic for relaxed long drives. The lit bed has tie-down points, handy for island and beach adventures.',
      zh: '新一代皮卡，驾驶室像轿车一样宽敞安静，配大尺寸中控屏和 6 速自动变速箱，长途驾驶很轻松。后斗带照明和固定点，适合海岛和海滩探险。',
    },
    color: '#5A6370',
    popular: false,
    units: [
      { plate: '4ฒจ 4449 ภูเก็ต', branch: 'phuket' },
      { plate: 'หด 5134 สุราษฎร์ธานี', branch: 'samui' },
    ],
    images: pictures('ford-ranger'),
  },

  // ---------------------------------------------------------------- electric
  {
    // Atto 3 Extended Range (2022-)
    slug: 'byd-atto-3',
    brand: byd,
    model: { th: 'แอตโต 3', en: 'Atto 3', zh: '元PLUS (Atto 3)' },
    category: 'electric',
    pricePerDay: 2290,
    transmission: 'automatic',
    fuel: 'electric',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      maxPower: '201 hp',
      maxTorque: '310 Nm',
      drivetrain: 'FWD, single-speed',
      batteryCapacity: '60.5 kWh',
      range: '480 km (NEDC)',
      chargingTime: '30–80% in 29 min (DC 88 kW)',
      weight: '1,750 kg',
      dimensions: '4,455 × 1,875 × 1,615 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'sunroof',
      'wireless_charging',
      'fast_charging',
    ],
    description: {
      th: 'SUV ไฟฟ้า 100% วิ่งได้ราว 480 กม. ต่อการชาร์จ (NEDC) ชาร์จเร็ว DC จาก 30% ถึง 80% ในประมาณครึ่งชั่วโมง ห้องโดยสารกว้าง เงียบ มีหลังคาพาโนรามิก และไม่ต้องจ่ายค่าน้ำมัน เหมาะกับการเที่ยวในเมืองและเส้นทางที่มีสถานีชาร์จ',
      en: 'A fully electric SUV with about 480 km of range (NEDC) and DC fast charging from 30% to 80% in around half an hour. Roomy and quiet, with a panoramic sunroof and no fuel bills; perfect for cities and routes with chargers.',
      zh: '纯电 SUV，NEDC 续航约 480 公里，直流快充 30%–80% 只需半小时左右。空间宽敞安静，带全景天窗，完全不用加油，适合城市出行和沿途有充电站的路线。',
    },
    color: '#3B82A0',
    popular: true,
    units: [
      { plate: 'หถ 1898 สมุทรปราการ', branch: 'srn' },
      { plate: 'กบ 9243 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: '5ภด 3558 ภูเก็ต', branch: 'phuket' },
      { plate: '3หผ 3364 ชลบุรี', branch: 'pty' },
    ],
    images: pictures('byd-atto-3'),
  },
  {
    // Dolphin Standard Range (2023-)
    slug: 'byd-dolphin',
    brand: byd,
    model: { th: 'ดอลฟิน', en: 'Dolphin', zh: '海豚' },
    category: 'electric',
    pricePerDay: 1690,
    transmission: 'automatic',
    fuel: 'electric',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      maxPower: '94 hp',
      maxTorque: '180 Nm',
      drivetrain: 'FWD, single-speed',
      batteryCapacity: '44.9 kWh',
      range: '410 km (NEDC)',
      chargingTime: '30–80% in 30 min (DC 60 kW)',
      weight: '1,405 kg',
      dimensions: '4,290 × 1,770 × 1,570 mm',
    },
    features: [...modern, 'cruise_control', 'fast_charging'],
    description: {
      th: 'รถไฟฟ้าคันเล็กที่ขับง่าย ค่าใช้จ่ายต่อกิโลเมตรต่ำมาก วิ่งได้ราว 410 กม. ต่อการชาร์จ (NEDC) เหมาะกับการขับในเมืองและทริปสั้น ๆ ชาร์จได้ทั้งที่สาขา ห้างสรรพสินค้า และปั๊มน้ำมันหลายแห่ง',
      en: 'A small, easy-going electric car with very low running costs and about 410 km of range (NEDC). Great for the city and short trips; charge at our branch, in shopping malls or at many petrol stations.',
      zh: '小巧好开的纯电车，每公里用车成本极低，NEDC 续航约 410 公里。适合市区代步和短途出游，可在我们的门店、商场或很多加油站充电。',
    },
    color: '#E9967A',
    popular: false,
    units: [
      { plate: '5ญข 3023 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: '2ลท 2997 เชียงใหม่', branch: 'chiangmai' },
      { plate: 'บพ 3311 ประจวบคีรีขันธ์', branch: 'huaHin' },
    ],
    images: pictures('byd-dolphin'),
  },
  {
    // MG4 Electric D (2023-)
    slug: 'mg4-electric',
    brand: mg,
    model: { th: '4 อีเล็กทริค', en: '4 Electric', zh: 'MG4 纯电' },
    category: 'electric',
    pricePerDay: 1890,
    transmission: 'automatic',
    fuel: 'electric',
    seats: 5,
    doors: 5,
    luggage: 2,
    specs: {
      maxPower: '168 hp',
      maxTorque: '250 Nm',
      drivetrain: 'RWD, single-speed',
      batteryCapacity: '51 kWh',
      range: '425 km (NEDC)',
      chargingTime: '10–80% in 39 min (DC 88 kW)',
      weight: '1,655 kg',
      dimensions: '4,287 × 1,836 × 1,504 mm',
    },
    features: [...modern, 'cruise_control', 'lane_assist', 'fast_charging'],
    description: {
      th: 'แฮทช์แบ็กไฟฟ้าขับเคลื่อนล้อหลัง ทรงตัวดี อัตราเร่งฉับไว วิ่งได้ราว 425 กม. (NEDC) มาพร้อมระบบช่วยขับขี่ MG Pilot เหมาะกับคนที่อยากลองรถไฟฟ้าที่ขับสนุก',
      en: 'A rear-wheel-drive electric hatchback with balanced handling, brisk acceleration and about 425 km of range (NEDC). MG Pilot driver aids come as standard; a fun way to try an EV.',
      zh: '后驱纯电两厢车，操控均衡、加速迅猛，NEDC 续航约 425 公里，标配 MG Pilot 驾驶辅助系统。想体验有驾驶乐趣的电动车，选它就对了。',
    },
    color: '#E4572E',
    popular: false,
    units: [
      { plate: '7ฐต 1342 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ทถ 8166 สุราษฎร์ธานี', branch: 'samui' },
    ],
    images: pictures('mg4-electric'),
  },
  {
    // Good Cat 400 Pro (2022-)
    slug: 'ora-good-cat',
    brand: ora,
    model: { th: 'กู๊ดแคท', en: 'Good Cat', zh: '好猫' },
    category: 'electric',
    pricePerDay: 1790,
    transmission: 'automatic',
    fuel: 'electric',
    seats: 5,
    doors: 5,
    luggage: 1,
    specs: {
      maxPower: '141 hp',
      maxTorque: '210 Nm',
      drivetrain: 'FWD, single-speed',
      batteryCapacity: '47.8 kWh',
      range: '400 km (NEDC)',
      chargingTime: '30–80% in 40 min (DC 64 kW)',
      weight: '1,510 kg',
      dimensions: '4,235 × 1,825 × 1,596 mm',
    },
    features: [...modern, 'cruise_control', 'lane_assist', 'fast_charging'],
    description: {
      th: 'รถไฟฟ้าดีไซน์เรโทรน่ารัก ภายในตกแต่งสวย เบาะนั่งนุ่ม ถ่ายรูปขึ้นกล้อง วิ่งได้ราว 400 กม. (NEDC) เหมาะกับคู่รักหรือเพื่อน ๆ ที่อยากตระเวนเที่ยวคาเฟ่และชายหาดแบบชิล ๆ',
      en: 'A cute, retro-styled EV with a pretty cabin and soft seats that looks great in holiday photos. About 400 km of range (NEDC); ideal for couples or friends hopping between beaches and cafés.',
      zh: '复古可爱造型的纯电车，内饰精致、座椅柔软，拍照非常上镜。NEDC 续航约 400 公里，适合情侣或闺蜜在海滩和咖啡馆之间悠闲打卡。',
    },
    color: '#9AC5B0',
    popular: false,
    units: [
      { plate: '4ภณ 2869 ภูเก็ต', branch: 'phuket' },
      { plate: 'ขฐ 3476 กระบี่', branch: 'krabi' },
    ],
    images: pictures('ora-good-cat'),
  },

  // ---------------------------------------------------------------- luxury
  {
    // Camry 2.5 HEV Premium (2019-2024)
    slug: 'toyota-camry',
    brand: toyota,
    model: { th: 'คัมรี่', en: 'Camry', zh: '凯美瑞' },
    category: 'luxury',
    pricePerDay: 3190,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 5,
    doors: 4,
    luggage: 3,
    specs: {
      engine: '2,487 cc 4-cyl + hybrid motor',
      maxPower: '215 hp (system)',
      maxTorque: '221 Nm (engine), 202 Nm (motor)',
      drivetrain: 'FWD, e-CVT',
      fuelConsumption: '23.3 km/l',
      fuelTankCapacity: '50 L',
      weight: '1,610 kg',
      dimensions: '4,885 × 1,840 × 1,445 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'leather_seats',
      'sunroof',
      'wireless_charging',
    ],
    description: {
      th: 'ซีดานผู้บริหารขนาดใหญ่ ระบบไฮบริดเงียบนุ่มและประหยัดน้ำมันเกินตัว เบาะหลังกว้างขวางและปรับเอนได้ เหมาะกับการเดินทางเพื่อธุรกิจหรือรับส่งแขกคนสำคัญ',
      en: 'A large executive sedan with a silky, quiet hybrid system that is surprisingly economical. Spacious reclining rear seats make it a natural choice for business travel or important guests.',
      zh: '大型行政级轿车，混动系统安静顺滑，油耗低得出人意料。后排空间宽敞，靠背可调，非常适合商务出行或接待重要客人。',
    },
    color: '#A1A1AA',
    popular: false,
    units: [
      { plate: '8ผจ 9135 สมุทรปราการ', branch: 'srn' },
      { plate: 'ตช 4858 กรุงเทพมหานคร', branch: 'bmk' },
      { plate: 'ยม 9691 ประจวบคีรีขันธ์', branch: 'huaHin' },
    ],
    images: pictures('toyota-camry'),
  },
  {
    // E 220 d Avantgarde (W213)
    slug: 'mercedes-benz-e-class',
    brand: mercedes,
    model: { th: 'อี-คลาส', en: 'E-Class', zh: 'E级' },
    category: 'luxury',
    pricePerDay: 5490,
    transmission: 'automatic',
    fuel: 'diesel',
    seats: 5,
    doors: 4,
    luggage: 3,
    specs: {
      engine: '1,950 cc 4-cyl turbo diesel',
      maxPower: '191 hp @ 3,800 rpm',
      maxTorque: '400 Nm @ 1,600–2,800 rpm',
      drivetrain: 'RWD, 9-speed automatic',
      fuelConsumption: '22.2 km/l',
      fuelTankCapacity: '50 L',
      weight: '1,755 kg',
      dimensions: '4,923 × 1,852 × 1,468 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'leather_seats',
      'sunroof',
      'gps',
      'wireless_charging',
    ],
    description: {
      th: 'ซีดานหรูระดับโลก ห้องโดยสารเงียบสนิท วัสดุพรีเมียม ช่วงล่างนุ่มบนทางหลวง เครื่องดีเซล 2.0 ทั้งแรงและประหยัด เหมาะกับงานสำคัญ งานแต่งงาน หรือทริปพิเศษ',
      en: 'A world-class luxury sedan: a hushed cabin, premium materials and a supple ride on the highway. The 2.0 diesel is strong and economical; made for important meetings, weddings and special trips.',
      zh: '世界级豪华轿车：车内极其安静，用料考究，高速行驶时悬挂舒适。2.0 柴油发动机动力强劲又省油，适合重要会面、婚礼或特别的旅程。',
    },
    color: '#1E293B',
    popular: false,
    units: [
      { plate: '5ตว 4400 กรุงเทพมหานคร', branch: 'bkk' },
      { plate: 'ยบ 9569 ภูเก็ต', branch: 'phuket' },
    ],
    images: pictures('mercedes-benz-e-class'),
  },
  {
    // 530e M Sport (G30 LCI)
    slug: 'bmw-5-series',
    brand: bmw,
    model: { th: 'ซีรีส์ 5', en: '5 Series', zh: '5系' },
    category: 'luxury',
    pricePerDay: 5790,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 5,
    doors: 4,
    luggage: 2,
    specs: {
      engine: '1,998 cc 4-cyl turbo + plug-in hybrid motor',
      maxPower: '288 hp (system)',
      maxTorque: '420 Nm (system)',
      drivetrain: 'RWD, 8-speed automatic',
      fuelConsumption: '47.6 km/l (NEDC, with charged battery)',
      fuelTankCapacity: '46 L',
      weight: '1,870 kg',
      dimensions: '4,963 × 1,868 × 1,479 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'leather_seats',
      'gps',
      'wireless_charging',
    ],
    description: {
      th: 'ซีดานหรูปลั๊กอินไฮบริด ขับในเมืองด้วยไฟฟ้าล้วนได้ราว 50 กม. และเมื่อออกทางหลวงก็ได้ทั้งพละกำลังและการทรงตัวแบบฉบับ BMW เหมาะกับผู้บริหารและคนที่รักการขับขี่',
      en: 'A plug-in hybrid luxury sedan that covers around 50 km of city driving on electricity alone, then delivers classic BMW power and poise on the highway. For executives and keen drivers.',
      zh: '插电混动豪华轿车，市区可纯电行驶约 50 公里，上了高速则是经典的宝马动力与操控。适合商务人士和热爱驾驶的人。',
    },
    color: '#1E3A8A',
    popular: false,
    units: [
      { plate: 'ตต 1480 สมุทรปราการ', branch: 'srn' },
      { plate: '6พฉ 8199 เชียงใหม่', branch: 'chiangmai' },
    ],
    images: pictures('bmw-5-series'),
  },
  {
    // Alphard 2.5 HEV E-Four (2023-)
    slug: 'toyota-alphard',
    brand: toyota,
    model: { th: 'อัลพาร์ด', en: 'Alphard', zh: '埃尔法' },
    category: 'luxury',
    pricePerDay: 5990,
    transmission: 'automatic',
    fuel: 'hybrid',
    seats: 7,
    doors: 5,
    luggage: 3,
    specs: {
      engine: '2,487 cc 4-cyl + hybrid motors',
      maxPower: '246 hp (system)',
      maxTorque: '239 Nm (engine), 270 Nm (front motor)',
      drivetrain: 'AWD (E-Four), e-CVT',
      fuelConsumption: '16.7 km/l',
      fuelTankCapacity: '60 L',
      weight: '2,290 kg',
      dimensions: '4,995 × 1,850 × 1,935 mm',
    },
    features: [
      ...modern,
      'parking_sensors',
      'cruise_control',
      'lane_assist',
      'leather_seats',
      'sunroof',
      'four_wheel_drive',
      'sliding_doors',
      'third_row',
      'wireless_charging',
    ],
    description: {
      th: 'เอ็มพีวีที่หรูที่สุดในฟลีทของเรา เบาะแถวสองแบบ Executive Lounge ปรับเอนพร้อมที่พักขา ห้องโดยสารเงียบสงบ ระบบไฮบริดขับเคลื่อนสี่ล้อ เหมาะกับการรับส่งวีไอพีและครอบครัวที่ต้องการความสบายสูงสุด',
      en: 'The most luxurious MPV in our fleet, with Executive Lounge second-row seats that recline with leg rests, a hushed cabin and hybrid all-wheel drive. For VIP transfers and families who want the ultimate comfort.',
      zh: '我们车队中最豪华的 MPV：第二排为行政级航空座椅，可躺可抬腿，车内静谧，混动四驱。适合 VIP 接送和追求极致舒适的家庭。',
    },
    color: '#EEF2F6',
    popular: false,
    units: [
      { plate: 'ทค 4655 สมุทรปราการ', branch: 'srn' },
      { plate: 'ศช 7764 ชลบุรี', branch: 'pty' },
    ],
    images: pictures('toyota-alphard'),
  },
];

export const demoRentalConditions: {
  kind: 'included' | 'not_included';
  text: Localized;
  sortOrder: number;
}[] = [
  {
    kind: 'included',
    text: {
      th: 'ประกันภัยชั้น 1 พื้นฐาน (ค่าเสียหายส่วนแรกไม่เกิน 5,000 บาทต่อครั้ง)',
      en: 'First-class insurance (excess up to ฿5,000 per incident)',
      zh: '一等险基础保障（每次事故免赔额最高 5,000 泰铢）',
    },
    sortOrder: 1,
  },
  {
    kind: 'included',
    text: { th: 'ไม่จำกัดระยะทาง', en: 'Unlimited mileage', zh: '不限里程' },
    sortOrder: 2,
  },
  {
    kind: 'included',
    text: {
      th: 'บริการช่วยเหลือฉุกเฉินบนท้องถนนตลอด 24 ชั่วโมง',
      en: '24-hour roadside assistance',
      zh: '24 小时道路救援',
    },
    sortOrder: 3,
  },
  {
    kind: 'included',
    text: { th: 'ราคารวมภาษีมูลค่าเพิ่ม 7% แล้ว', en: '7% VAT included in the price', zh: '价格已含 7% 增值税' },
    sortOrder: 4,
  },
  {
    kind: 'included',
    text: {
      th: 'รับและคืนรถที่เคาน์เตอร์สาขาในสนามบินโดยไม่มีค่าใช้จ่ายเพิ่ม',
      en: 'Free pick-up and return at our airport branch counters',
      zh: '在我们的机场门店柜台取还车，不另收费',
    },
    sortOrder: 5,
  },
  {
    kind: 'included',
    text: { th: 'เพิ่มผู้ขับขี่คนที่สองฟรี', en: 'Second driver at no extra cost', zh: '第二驾驶人免费' },
    sortOrder: 6,
  },
  {
    kind: 'not_included',
    text: {
      th: 'ค่าน้ำมันหรือค่าชาร์จไฟ (รับรถระดับไหน คืนระดับเดิม)',
      en: 'Fuel or charging: return the car at the level you received it',
      zh: '燃油费或充电费（取车时多少，还车时保持相同）',
    },
    sortOrder: 1,
  },
  {
    kind: 'not_included',
    text: {
      th: 'ค่าทางด่วนและค่าผ่านทางพิเศษ',
      en: 'Expressway and toll-road fees',
      zh: '高速公路及收费道路通行费',
    },
    sortOrder: 2,
  },
  {
    kind: 'not_included',
    text: {
      th: 'ค่าปรับจราจรที่เกิดขึ้นระหว่างการเช่า',
      en: 'Traffic fines incurred during the rental',
      zh: '租期内产生的交通罚款',
    },
    sortOrder: 3,
  },
  {
    kind: 'not_included',
    text: {
      // The figure is each car's own (its page shows it): no amount typed here (decision 3505).
      th: 'เงินประกันของรถคันนี้ ชำระตอนรับรถ ได้รับคืนหลังตรวจสภาพรถ',
      en: "The car's security deposit, paid at pickup and refunded after inspection",
      zh: '本车押金，取车时缴纳，验车后退还',
    },
    sortOrder: 4,
  },
  {
    kind: 'not_included',
    text: {
      th: 'ประกันภัยเพิ่มเติมแบบไม่มีค่าเสียหายส่วนแรก (ซื้อเพิ่มได้)',
      en: 'Zero-excess cover (optional extra)',
      zh: '零免赔额附加保险（可另购）',
    },
    sortOrder: 5,
  },
  {
    kind: 'not_included',
    text: {
      th: 'เครื่องนำทาง GPS พนักงานขับรถ และคาร์ซีทเด็ก (บริการเสริมมีค่าบริการ เลือกได้ตอนจอง)',
      en: 'GPS unit, driver and child seats (paid extras, chosen on the booking)',
      zh: 'GPS 导航仪、司机服务和儿童座椅（付费附加服务，预订时选择）',
    },
    sortOrder: 6,
  },
  {
    kind: 'not_included',
    text: {
      th: 'ไม่อนุญาตให้นำรถออกนอกประเทศไทย',
      en: 'Cross-border travel: the car may not leave Thailand',
      zh: '不允许驾车出境（车辆不得离开泰国）',
    },
    sortOrder: 7,
  },
];

/** Days are relative to the moment the seed runs. */
export const demoHotDeals: {
  carSlug: string;
  discountPercent: number;
  startsInDays: number;
  endsInDays: number;
}[] = [
  { carSlug: 'toyota-yaris-ativ', discountPercent: 15, startsInDays: -3, endsInDays: 2 },
  { carSlug: 'byd-atto-3', discountPercent: 20, startsInDays: -1, endsInDays: 5 },
  { carSlug: 'toyota-fortuner', discountPercent: 10, startsInDays: -4, endsInDays: 9 },
  { carSlug: 'hyundai-staria', discountPercent: 12, startsInDays: 0, endsInDays: 14 },
  { carSlug: 'toyota-camry', discountPercent: 15, startsInDays: 3, endsInDays: 10 },
];

export const demoTestimonials: {
  name: string;
  city: Localized;
  rating: number;
  text: Localized;
  carSlug: string;
}[] = [
  {
    name: 'พิมพ์ชนก ส.',
    city: { th: 'กรุงเทพฯ', en: 'Bangkok', zh: '曼谷' },
    rating: 5,
    text: {
      th: 'จองผ่านเว็บแค่ไม่กี่นาที รับรถที่ดอนเมืองได้ตรงเวลา รถใหม่และสะอาด ขับไปเขาใหญ่แล้วกลับมาใช้น้ำมันไม่ถึงครึ่งถัง คืนรถก็เร็ว ได้เงินประกันคืนภายในวันเดียว',
      en: 'Booking online took a few minutes and the car was ready on time at Don Mueang. New and spotless; the round trip to Khao Yai used less than half a tank. Quick return, and the deposit came back the same day.',
      zh: '网上预订几分钟就搞定，在廊曼机场准时取到车。车很新很干净，往返考艾连半箱油都没用完。还车很快，押金当天就退回来了。',
    },
    carSlug: 'toyota-yaris-ativ',
  },
  {
    name: '王磊',
    city: { th: 'เซี่ยงไฮ้', en: 'Shanghai', zh: '上海' },
    rating: 5,
    text: {
      th: 'รับ BYD Atto 3 ที่สนามบินภูเก็ต พนักงานอธิบายวิธีชาร์จเป็นภาษาจีนและช่วยติดตั้งแอปชาร์จในมือถือให้ ขับรอบเกาะได้สบาย เงียบและประหยัดมาก ครั้งหน้าจะเช่าอีกแน่นอน',
      en: 'Picked up the BYD Atto 3 at Phuket airport. The staff explained charging in Chinese and set up the charging app on my phone. Driving round the island was easy, quiet and cheap. I will rent again.',
      zh: '在普吉机场取的比亚迪元PLUS，工作人员用中文讲解了充电方法，还帮我在手机上装好了充电 App。环岛自驾很顺利，安静又省钱，下次还会再租。',
    },
    carSlug: 'byd-atto-3',
  },
  {
    name: 'Sarah Mitchell',
    city: { th: 'เมลเบิร์น ออสเตรเลีย', en: 'Melbourne, Australia', zh: '澳大利亚墨尔本' },
    rating: 5,
    text: {
      th: 'เราขับ HR-V จากเชียงใหม่ไปปายและแม่ฮ่องสอน รถเข้าโค้งทั้ง 762 โค้งได้ดีมาก แถมแทบไม่กินน้ำมัน ทีมงานตอบ WhatsApp ภายในไม่กี่นาที',
      en: 'We drove the HR-V from Chiang Mai to Pai and Mae Hong Son. It handled all 762 bends beautifully and used hardly any fuel. The team answered our WhatsApp messages within minutes.',
      zh: '我们开着 HR-V 从清迈去了拜县和湄宏顺，762 道弯跑得非常稳，几乎不怎么耗油。团队在 WhatsApp 上几分钟内就回复了。',
    },
    carSlug: 'honda-hr-v',
  },
  {
    name: 'ธีรวัฒน์ จ.',
    city: { th: 'หาดใหญ่ สงขลา', en: 'Hat Yai, Songkhla', zh: '宋卡府合艾' },
    rating: 4,
    text: {
      th: 'เช่า Xpander พาพ่อแม่และลูก ๆ ไปเที่ยวเบตง นั่งครบ 7 คนก็ยังสบาย แอร์เย็นทุกแถว หักหนึ่งดาวเพราะเย็นวันศุกร์ต้องรอรับรถนานไปหน่อย',
      en: 'Rented the Xpander to take my parents and kids to Betong. Seven of us were still comfortable and the air-con reached every row. One star off because pick-up on a Friday evening took a while.',
      zh: '租了 Xpander 带父母和孩子去勿洞玩，坐满七个人依然舒服，每排空调都很凉。扣一星是因为周五傍晚取车等得有点久。',
    },
    carSlug: 'mitsubishi-xpander',
  },
  {
    name: '陈静',
    city: { th: 'กว่างโจว', en: 'Guangzhou', zh: '广州' },
    rating: 5,
    text: {
      th: 'ครอบครัวสามรุ่น 11 คนเดินทางจากสุวรรณภูมิไปพัทยา รถตู้ 13 ที่นั่งกว้างมาก ใส่กระเป๋าได้หมด เราเพิ่มบริการคนขับด้วย คนขับตรงเวลาและใส่ใจ ทั้งผู้ใหญ่และเด็กประทับใจ',
      en: 'Three generations, eleven of us, from Suvarnabhumi to Pattaya. The 13-seat Commuter had room for everyone and all our luggage. We added a driver, who was punctual and careful; grandparents and kids were all happy.',
      zh: '一家三代十一口人从素万那普机场去芭提雅，13 座的海狮空间很大，行李全都放得下。我们还加了司机服务，司机准时又细心，老人孩子都很满意。',
    },
    carSlug: 'toyota-commuter',
  },
  {
    name: 'Lukas Becker',
    city: { th: 'มิวนิก เยอรมนี', en: 'Munich, Germany', zh: '德国慕尼黑' },
    rating: 4,
    text: {
      th: 'Ranger เหมาะมากกับถนนขึ้นเขาชัน ๆ บนเกาะสมุย อุปกรณ์ดำน้ำของเราใส่กระบะท้ายได้หมด เงื่อนไขการเช่าชัดเจน ได้เงินประกันคืนภายในสองวันหลังคืนรถ แต่ขั้นตอนเอกสารตอนรับรถน่าจะเร็วกว่านี้ได้',
      en: 'The Ranger was perfect for Koh Samui’s steep hill roads, and all our diving gear fitted in the bed. Clear rental terms, and the deposit was released two days after return. The paperwork at pick-up could be quicker.',
      zh: '在苏梅岛陡峭的山路上，Ranger 表现完美，我们的潜水装备全都放进了后斗。租车条款清楚，还车两天后押金就解冻了。只是取车时的手续还可以更快一些。',
    },
    carSlug: 'ford-ranger',
  },
];
