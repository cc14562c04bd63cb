import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { articles, type PartialLocalized } from '../schema/content';

interface DemoArticle {
  slug: string;
  cover: string;
  daysAgo: number;
  title: PartialLocalized;
  excerpt: PartialLocalized;
  body: PartialLocalized;
}

/**
 * Useful articles for people renting a car in Thailand, in Thai, English and
 * Chinese. The last one has no Chinese text on purpose: the site then shows
 * the English text and says so.
 */
export const demoArticles: DemoArticle[] = [
  {
    slug: 'driving-in-thailand-rules-of-the-road',
    cover: '/images/articles/driving-in-thailand.svg',
    daysAgo: 3,
    title: {
      th: 'ขับรถในไทยให้ปลอดภัย: กฎจราจรที่ควรรู้',
      en: 'Driving in Thailand: the rules of the road',
      zh: '在泰国自驾：必须了解的交通规则',
    },
    excerpt: {
      th: 'ชิดซ้าย คาดเข็มขัดทุกที่นั่ง และระวังมอเตอร์ไซค์ทั้งสองฝั่ง สรุปกฎสำคัญก่อนออกเดินทาง',
      en: 'Keep left, belt up in every seat and watch for motorbikes on both sides: the rules that matter before you set off.',
      zh: '靠左行驶、全员系好安全带、留意两侧摩托车：出发前最重要的交通规则。',
    },
    body: {
      th: `## ชิดซ้ายเสมอ

ประเทศไทยขับรถชิดซ้าย พวงมาลัยอยู่ด้านขวา ช่วงแรกให้ขับช้าลงเล็กน้อย โดยเฉพาะตอนเลี้ยวและเข้าวงเวียน

## ความเร็วที่กฎหมายกำหนด

- ในเขตเมืองและกรุงเทพฯ: ไม่เกิน **80 กม./ชม.**
- ทางหลวงนอกเมือง: ไม่เกิน **90 กม./ชม.** (บางช่วงที่มีป้ายกำหนดให้ถึง 120 กม./ชม.)
- ทางหลวงพิเศษ (มอเตอร์เวย์): ไม่เกิน **120 กม./ชม.**

## เรื่องที่มักพลาด

- **คาดเข็มขัดนิรภัยทุกที่นั่ง** รวมผู้โดยสารเบาะหลัง
- ห้ามใช้โทรศัพท์ขณะขับ ยกเว้นแบบไร้สาย
- ปริมาณแอลกอฮอล์ในเลือดต้องไม่เกิน 50 มก.% (ผู้มีใบขับขี่ไม่ถึง 5 ปี ไม่เกิน 20 มก.%)
- มอเตอร์ไซค์แซงได้ทั้งซ้ายและขวา มองกระจกทุกครั้งก่อนเปลี่ยนเลน

## เบอร์ที่ควรบันทึกไว้

ตำรวจ 191 · เจ็บป่วยฉุกเฉิน 1669 · ตำรวจทางหลวง 1193 · ตำรวจท่องเที่ยว 1155 และศูนย์บริการสยามไดรฟ์ตลอด 24 ชั่วโมง`,
      en: `## Keep left

Thailand drives on the left and cars have the steering wheel on the right. Take the first kilometres slowly, especially at turns and roundabouts.

## Speed limits

- Towns and Bangkok: **80 km/h**
- Highways outside towns: **90 km/h** (up to 120 km/h where signs allow)
- Motorways: **120 km/h**

## What visitors often get wrong

- **Seat belts in every seat**, rear passengers included.
- No handheld phone while driving.
- The blood alcohol limit is 0.05% (0.02% for drivers who have held a licence for under five years).
- Motorbikes pass on both sides. Check your mirrors before every lane change, and expect them at traffic lights in front of you.

## Numbers to save

Police 191 · Medical emergency 1669 · Highway police 1193 · Tourist police 1155 · and the Siam Drive help line, 24 hours a day.`,
      zh: `## 靠左行驶

泰国靠左行驶，方向盘在右侧。刚上路时请放慢速度，转弯和进环岛时尤其要小心。

## 限速

- 市区及曼谷：**80 公里/小时**
- 城外公路：**90 公里/小时**（有标志的路段最高 120 公里/小时）
- 高速公路（Motorway）：**120 公里/小时**

## 游客常犯的错误

- **所有座位都必须系安全带**，后排乘客也不例外。
- 开车时不得手持手机。
- 血液酒精浓度上限为 0.05%（驾龄不满 5 年为 0.02%）。
- 摩托车会从左右两侧超车，变道前一定要看后视镜。

## 请保存这些电话

报警 191 · 急救 1669 · 公路警察 1193 · 旅游警察 1155 · 以及 Siam Drive 24 小时服务热线。`,
    },
  },
  {
    slug: 'airport-pickup-suvarnabhumi-don-mueang',
    cover: '/images/articles/airport-pickup.svg',
    daysAgo: 7,
    title: {
      th: 'รับรถที่สนามบินสุวรรณภูมิและดอนเมือง ทำอย่างไร',
      en: 'Airport pickup at Suvarnabhumi and Don Mueang',
      zh: '素万那普与廊曼机场取车指南',
    },
    excerpt: {
      th: 'ลงเครื่องแล้วไปที่ไหน ต้องเตรียมอะไร และใช้เวลานานแค่ไหนกว่าจะได้ออกเดินทาง',
      en: 'Where to go after landing, what to have ready and how long it takes before you drive away.',
      zh: '落地后去哪里、需要准备什么、多久可以开车出发。',
    },
    body: {
      th: `## สุวรรณภูมิ (BKK)

เคาน์เตอร์ของเราอยู่ที่ชั้นผู้โดยสารขาเข้า เมื่อรับกระเป๋าและผ่านศุลกากรแล้ว เดินตามป้าย "Car Rental" ได้เลย พนักงานจะพาไปที่รถในลานจอด

## ดอนเมือง (DMK)

อาคาร 1 สำหรับเที่ยวบินระหว่างประเทศ อาคาร 2 สำหรับเที่ยวบินในประเทศ ทั้งสองอาคารมีจุดนัดรับรถ แจ้งเลขเที่ยวบินไว้ตอนจอง เราจะติดตามเวลาลงจอดให้

## เตรียมให้พร้อม

1. หมายเลขการจอง (อยู่ในอีเมลยืนยัน)
2. บัตรประชาชนหรือหนังสือเดินทาง
3. ใบขับขี่ และใบอนุญาตขับรถระหว่างประเทศ (IDP) สำหรับชาวต่างชาติ
4. บัตรเครดิตสำหรับเงินประกัน

## เวลารับและคืนรถ

รับและคืนรถตามเวลาที่คุณเลือกเมื่อจอง (เวลาที่เสนอให้คือรับ 09:00 น. คืน 18:00 น.) สาขาในสนามบินเปิด 08:00-20:00 น. ทุกวัน`,
      en: `## Suvarnabhumi (BKK)

Our counter is on the arrivals floor. Once you have your bags and are through customs, follow the "Car Rental" signs; a member of staff walks you to your car in the car park.

## Don Mueang (DMK)

Terminal 1 handles international flights, Terminal 2 domestic ones; both have a meeting point. Give us your flight number when you book and we follow your landing time.

## Have these ready

1. Your booking number (in the confirmation email)
2. ID card or passport
3. Driving licence, plus an International Driving Permit (IDP) if you are a foreign visitor
4. A credit card for the deposit

## Times

You pick up and return at the times you choose when booking (the form offers 09:00 and 18:00 first). Airport branches are open 08:00-20:00 every day. Most customers are on the road within 20 minutes of reaching the counter.`,
      zh: `## 素万那普机场（BKK）

我们的柜台位于到达层。取完行李、通过海关后，按"Car Rental"指示牌前往，工作人员会带您到停车场取车。

## 廊曼机场（DMK）

1 号航站楼为国际航班，2 号航站楼为国内航班，两处都设有接车点。预订时请留下航班号，我们会跟进您的落地时间。

## 请准备好

1. 预订编号（见确认邮件）
2. 身份证或护照
3. 驾照；外国游客还需国际驾照（IDP）
4. 用于押金的信用卡

## 取还车时间

取车和还车时间在预订时自选（预订表默认 09:00 取车、18:00 还车）。机场门店每天 08:00-20:00 营业，大多数客户到柜台后 20 分钟内即可出发。`,
    },
  },
  {
    slug: 'documents-foreigners-need-to-rent-a-car',
    cover: '/images/articles/documents.svg',
    daysAgo: 12,
    title: {
      th: 'ชาวต่างชาติเช่ารถในไทย ต้องใช้เอกสารอะไรบ้าง',
      en: 'Documents a foreigner needs to rent a car in Thailand',
      zh: '外国人在泰国租车需要哪些证件',
    },
    excerpt: {
      th: 'หนังสือเดินทาง ใบขับขี่ และ IDP: ใครต้องใช้อะไร และทำไมตำรวจถึงขอดู',
      en: 'Passport, licence and an International Driving Permit: who needs what, and why the police will ask.',
      zh: '护照、驾照和国际驾照：谁需要什么，以及警察为什么会查。',
    },
    body: {
      th: `## เอกสารที่ต้องมี

- **หนังสือเดินทาง** ตัวจริง (ถ่ายสำเนาหน้าวีซ่าไว้ด้วยก็ดี)
- **ใบขับขี่จากประเทศของคุณ** ที่ยังไม่หมดอายุ และถือมาแล้วอย่างน้อย 1 ปี
- **ใบอนุญาตขับรถระหว่างประเทศ (IDP)** ต้องทำจากประเทศของคุณก่อนเดินทาง ใช้คู่กับใบขับขี่ตัวจริงเสมอ
- **บัตรเครดิต** ในชื่อผู้ขับขี่หลัก สำหรับเงินประกัน

## อายุผู้ขับขี่

ต้องมีอายุ 21 ปีขึ้นไป

## ทำไม IDP สำคัญ

ตำรวจตั้งด่านตรวจบ่อย โดยเฉพาะในเมืองท่องเที่ยว หากไม่มี IDP อาจถูกปรับ และบริษัทประกันอาจปฏิเสธความคุ้มครองเมื่อเกิดอุบัติเหตุ

## อยู่ไทยนานกว่า 3 เดือน?

ผู้ที่พำนักระยะยาวควรทำใบขับขี่ไทยที่กรมการขนส่งทางบก`,
      en: `## What to bring

- **Your passport** (a copy of the visa page helps too).
- **Your national driving licence**, valid and held for at least one year.
- **An International Driving Permit (IDP)**, issued in your home country before you travel. It only counts together with your own licence.
- **A credit card** in the main driver's name for the deposit.

## Age

Drivers must be 21 or older.

## Why the IDP matters

Police checkpoints are common, especially in tourist towns. Without an IDP you can be fined, and an insurer may refuse to pay after an accident.

## Staying longer than three months?

Residents and long-stay visitors should get a Thai driving licence from the Department of Land Transport.`,
      zh: `## 需要携带

- **护照**（最好再带一份签证页复印件）。
- **本国驾照**：须在有效期内，且已持有至少一年。
- **国际驾照（IDP）**：须在出发前于本国办理，并且必须与本国驾照原件一起使用。
- **信用卡**：须为主驾驶人名下，用于押金。

## 年龄要求

驾驶人须年满 21 岁。

## 为什么一定要有国际驾照

泰国的警察检查站很常见，旅游城市尤其多。没有国际驾照可能被罚款，发生事故时保险公司也可能拒绝理赔。

## 在泰国停留超过三个月？

长期居住者应到泰国陆路交通厅办理泰国驾照。`,
    },
  },
  {
    slug: 'fuel-tolls-and-expressways',
    cover: '/images/articles/fuel-tolls.svg',
    daysAgo: 18,
    title: {
      th: 'เติมน้ำมันและจ่ายค่าทางด่วน ง่ายกว่าที่คิด',
      en: 'Fuel, tolls and expressways made simple',
      zh: '加油与高速收费，一看就懂',
    },
    excerpt: {
      th: 'แก๊สโซฮอล์ 91, 95, E20 หรือดีเซล เลือกให้ถูก และรู้จัก Easy Pass กับ M-Pass',
      en: 'Gasohol 91, 95, E20 or diesel: pick the right pump, and what Easy Pass and M-Pass are.',
      zh: '91、95、E20 还是柴油？选对油品，并了解 Easy Pass 和 M-Pass。',
    },
    body: {
      th: `## เติมน้ำมันชนิดไหน

ดูสติกเกอร์ที่ฝาถังน้ำมัน รถเบนซินส่วนใหญ่ใช้ **แก๊สโซฮอล์ 91 หรือ 95** ได้ บางคันรองรับ **E20** รถกระบะและ SUV หลายรุ่นใช้ **ดีเซล** เติมผิดชนิดอาจทำให้เครื่องยนต์เสียหาย หากไม่แน่ใจ ถามพนักงานตอนรับรถ

ปั๊มส่วนใหญ่มีพนักงานเติมให้ บอกชนิดน้ำมันและ "เต็มถัง" ได้เลย

## ทางด่วนในกรุงเทพฯ

จ่ายเงินสดที่ด่านหรือใช้บัตร **Easy Pass** เตรียมธนบัตรย่อยไว้ ค่าผ่านทางส่วนใหญ่อยู่ระหว่าง 25-75 บาท

## มอเตอร์เวย์

มอเตอร์เวย์หมายเลข 7 (ไปชลบุรี พัทยา) และหมายเลข 9 (วงแหวนรอบนอก) รับเงินสดหรือ **M-Pass** บางช่วงเป็นระบบไม่มีไม้กั้น (M-Flow) ซึ่งต้องลงทะเบียนก่อน

## คืนรถ

คืนรถพร้อมน้ำมันระดับเดียวกับตอนรับ`,
      en: `## Which fuel?

Look at the sticker inside the fuel flap. Most petrol cars take **Gasohol 91 or 95**, some also **E20**; many pickups and SUVs run on **diesel**. The wrong fuel can damage the engine, so ask us at pickup if unsure.

Most stations have attendants: say the fuel type and "full" (*tem thang*).

## Bangkok expressways

Pay cash at the booth or use an **Easy Pass** tag. Keep small notes ready: most tolls are 25-75 THB.

## Motorways

Motorway 7 (to Chonburi and Pattaya) and Motorway 9 (the outer ring) take cash or **M-Pass**. Some stretches are barrier-free (M-Flow) and need registration first.

## Returning the car

Bring the car back with the same fuel level as at pickup.`,
      zh: `## 加哪种油？

请查看油箱盖内侧的标签。大多数汽油车可加 **Gasohol 91 或 95**，部分车型也可加 **E20**；许多皮卡和 SUV 使用**柴油**。加错油可能损坏发动机，不确定时请在取车时询问我们。

泰国加油站大多有加油员，告诉他油品并说"加满"即可。

## 曼谷高架快速路

可在收费亭付现金或使用 **Easy Pass**。请准备零钱，大多数路段收费 25-75 泰铢。

## 高速公路（Motorway）

7 号高速（往春武里、芭提雅）和 9 号高速（外环）可付现金或使用 **M-Pass**。部分路段为无栏杆收费（M-Flow），需要事先注册。

## 还车

还车时油量请与取车时相同。`,
    },
  },
  {
    slug: 'road-trip-bangkok-to-hua-hin',
    cover: '/images/articles/road-trip.svg',
    daysAgo: 25,
    title: {
      th: 'ขับรถเที่ยวกรุงเทพฯ-หัวหิน แวะที่ไหนดี',
      en: 'A road trip from Bangkok to Hua Hin',
      zh: '曼谷自驾华欣，沿途停哪里',
    },
    excerpt: {
      th: 'ระยะทางราว 200 กม. ใช้เวลา 3 ชั่วโมง พร้อมจุดแวะตลาดน้ำ นาเกลือ และชายหาด',
      en: 'About 200 km and three hours, with stops for a floating market, salt fields and the beach.',
      zh: '全程约 200 公里、3 小时，沿途可逛水上市场、盐田和海滩。',
    },
    body: {
      th: `## เส้นทาง

ออกจากกรุงเทพฯ ทางถนนพระราม 2 (ทางหลวง 35) แล้วต่อถนนเพชรเกษม (ทางหลวง 4) ลงใต้ ระยะทางราว 200 กม. ถ้าออกก่อน 07:00 น. จะเลี่ยงรถติดได้มาก

## จุดแวะระหว่างทาง

- **ตลาดน้ำอัมพวา** (เปิดเย็นวันศุกร์-อาทิตย์)
- **นาเกลือสมุทรสาคร** ริมถนนพระราม 2 สวยที่สุดช่วงธันวาคม-เมษายน
- **เพชรบุรี** ขนมหม้อแกงและพระนครคีรี (เขาวัง)
- **ชะอำ** ชายหาดยาวก่อนถึงหัวหิน

## เคล็ดลับ

วันหยุดยาวรถจะติดมาก เผื่อเวลาขากลับ และเติมน้ำมันก่อนขึ้นเส้นทางยาว`,
      en: `## The route

Leave Bangkok on Rama II Road (Highway 35), then follow Phetkasem Road (Highway 4) south. It is about 200 km; set off before 07:00 and you miss most of the traffic.

## Stops on the way

- **Amphawa floating market** (Friday to Sunday evenings)
- **Samut Sakhon salt fields** along Rama II, best from December to April
- **Phetchaburi**: *khanom mo kaeng* custard and the hilltop palace of Phra Nakhon Khiri
- **Cha-am**: a long, quiet beach just before Hua Hin

## Tips

Long weekends bring heavy traffic: leave extra time for the way back, and fill up before the long stretches.`,
      zh: `## 路线

从曼谷走拉玛二世路（35 号公路），再接佩卡森路（4 号公路）南下，全程约 200 公里。07:00 前出发可避开大部分拥堵。

## 沿途推荐

- **安帕瓦水上市场**（周五至周日傍晚开放）
- **龙仔厝盐田**：就在拉玛二世路旁，12 月至 4 月最美
- **佩差布里**：椰奶蛋糕和山顶的拷汪宫
- **七岩（Cha-am）**：华欣之前一片安静的长海滩

## 小贴士

长假期间车流很大，回程请多留时间；长途路段前记得加满油。`,
    },
  },
  {
    slug: 'accident-or-breakdown-what-to-do',
    cover: '/images/articles/breakdown.svg',
    daysAgo: 33,
    title: {
      th: 'รถเสียหรือเกิดอุบัติเหตุ ต้องทำอย่างไร',
      en: 'What to do after an accident or a breakdown',
      zh: '车辆故障或发生事故怎么办',
    },
    excerpt: {
      th: 'ตั้งสติ ดูแลความปลอดภัย ถ่ายรูป และโทรหาเรา ขั้นตอนง่ายๆ ที่ช่วยให้เคลมประกันได้เร็ว',
      en: 'Stay safe, take photos and call us: simple steps that keep the insurance claim quick.',
      zh: '确保安全、拍照留证、联系我们：让理赔更顺利的几个步骤。',
    },
    body: {
      th: `## 1. ความปลอดภัยมาก่อน

เปิดไฟฉุกเฉิน วางป้ายสามเหลี่ยมหลังรถ และพาทุกคนออกห่างจากช่องทางจราจร หากมีผู้บาดเจ็บ โทร **1669**

## 2. อย่าเคลื่อนย้ายรถถ้ายังไม่ได้ถ่ายรูป

ถ่ายรูปตำแหน่งรถ ความเสียหาย ป้ายทะเบียนคู่กรณี และจุดเกิดเหตุ (ยกเว้นรถขวางทางจนอันตราย)

## 3. โทรหาเรา

ศูนย์บริการสยามไดรฟ์เปิด 24 ชั่วโมง เราจะประสานบริษัทประกันให้ส่งเจ้าหน้าที่มาที่เกิดเหตุ **อย่าตกลงยอมความเองก่อนเจ้าหน้าที่ประกันมาถึง**

## 4. รถเสีย

หากรถสตาร์ทไม่ติดหรือยางแบน แจ้งเราพร้อมตำแหน่ง เราจะส่งรถช่วยเหลือหรือรถคันใหม่ให้`,
      en: `## 1. Safety first

Switch on the hazard lights, put the warning triangle behind the car and get everyone away from the traffic. If anyone is hurt, call **1669**.

## 2. Photos before moving the car

Photograph the positions of the cars, the damage, the other vehicle's plate and the scene (unless the car blocks the road dangerously).

## 3. Call us

The Siam Drive help line works 24 hours a day. We ask the insurer to send an assessor to you. **Do not agree on fault or payment before the insurer's assessor arrives** — it is normal in Thailand to wait for them.

## 4. Breakdowns

If the car will not start or a tyre is flat, tell us where you are: we send roadside help or a replacement car.`,
      zh: `## 1. 安全第一

打开双闪，在车后放置三角警示牌，让所有人远离车道。如有人受伤，请拨打 **1669**。

## 2. 移车前先拍照

拍下车辆位置、损坏部位、对方车牌和现场情况（除非车辆严重阻碍交通）。

## 3. 联系我们

Siam Drive 服务热线 24 小时在线，我们会通知保险公司派查勘员到现场。**在保险查勘员到达前，请不要自行认责或私了**，在泰国等待查勘员是正常做法。

## 4. 车辆故障

如果车辆无法启动或爆胎，请告诉我们您的位置，我们会派道路救援或更换车辆。`,
    },
  },
  {
    slug: 'renting-an-electric-car-in-thailand',
    cover: '/images/articles/electric-car.svg',
    daysAgo: 40,
    title: {
      th: 'เช่ารถยนต์ไฟฟ้าในไทย ชาร์จที่ไหน วิ่งได้ไกลแค่ไหน',
      en: 'Renting an electric car in Thailand',
    },
    excerpt: {
      th: 'สถานีชาร์จมีมากขึ้นทุกปี วางแผนนิดเดียวก็เที่ยวต่างจังหวัดด้วยรถ EV ได้สบาย',
      en: 'Chargers are spreading fast: with a little planning an EV takes you well beyond Bangkok.',
    },
    body: {
      th: `## วิ่งได้ไกลแค่ไหน

รถไฟฟ้าในกองรถของเราวิ่งได้ราว 350-450 กม. ต่อการชาร์จเต็ม ขึ้นกับความเร็วและการเปิดแอร์

## ชาร์จที่ไหน

ปั๊มน้ำมันใหญ่ ห้างสรรพสินค้า และโรงแรมจำนวนมากมีหัวชาร์จเร็ว (DC) ใช้แอปของผู้ให้บริการเพื่อดูตำแหน่งและจ่ายเงิน

## คืนรถ

คืนรถโดยมีแบตเตอรี่อย่างน้อย 20%`,
      en: `## How far?

The electric cars in our fleet cover roughly 350-450 km on a full charge, depending on speed and air conditioning.

## Where to charge

Large fuel stations, shopping malls and many hotels have DC fast chargers; the operators' apps show where they are and take payment.

## Returning the car

Return the car with at least 20% battery.`,
    },
  },
];

/** Writes the demo articles into an empty articles table (idempotent). */
export async function seedDemoArticles(database: Database, now = new Date()): Promise<void> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(articles);
  if ((row?.n ?? 0) > 0) return;
  await database.db.insert(articles).values(
    demoArticles.map((a) => ({
      slug: a.slug,
      title: a.title,
      excerpt: a.excerpt,
      body: a.body,
      coverImage: a.cover,
      publishedAt: new Date(now.getTime() - a.daysAgo * 86_400_000),
    })),
  );
}
