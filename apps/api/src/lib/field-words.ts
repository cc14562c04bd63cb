import type { Language } from '@siam/contract/languages';

type Words = Record<Exclude<Language, 'en'>, string>;

/**
 * The contract's field messages (packages/contract: zod schemas and the licence rules) in Thai and
 * Chinese (issue 35), by their English. Numbers written inside a message are matched by the
 * patterns in message-words.ts instead, so a changed limit keeps its words.
 */
export const fieldWords: Record<string, Words> = {
  // Booking form
  'Please enter email': { th: 'กรุณากรอกอีเมล', zh: '请输入邮箱' },
  'Please enter phone': { th: 'กรุณากรอกหมายเลขโทรศัพท์', zh: '请输入电话号码' },
  'Invalid ID card or passport number': {
    th: 'เลขบัตรประชาชนหรือหนังสือเดินทางไม่ถูกต้อง',
    zh: '身份证或护照号码无效',
  },
  'Please enter ID card or passport number': {
    th: 'กรุณากรอกเลขบัตรประชาชนหรือหนังสือเดินทาง',
    zh: '请输入身份证或护照号码',
  },
  'Invalid card number': { th: 'หมายเลขบัตรไม่ถูกต้อง', zh: '卡号无效' },
  'Enter card number': { th: 'กรุณากรอกหมายเลขบัตร', zh: '请输入卡号' },
  'Invalid format (MM/YY)': { th: 'รูปแบบไม่ถูกต้อง (ดด/ปป)', zh: '格式无效（MM/YY）' },
  'Enter expiry': { th: 'กรุณากรอกวันหมดอายุ', zh: '请输入有效期' },
  'Invalid CVV': { th: 'CVV ไม่ถูกต้อง', zh: 'CVV 无效' },
  'Enter CVV': { th: 'กรุณากรอก CVV', zh: '请输入 CVV' },
  'Please accept the terms and conditions': { th: 'กรุณายอมรับข้อกำหนดและเงื่อนไข', zh: '请接受条款和条件' },
  'Card token required': { th: 'ต้องมีโทเคนบัตร', zh: '需要银行卡令牌' },
  'Please choose an area': { th: 'กรุณาเลือกพื้นที่', zh: '请选择区域' },
  'Please enter a flight number such as TG 661': {
    th: 'กรุณากรอกเที่ยวบิน เช่น TG 661',
    zh: '请输入航班号，例如 TG 661',
  },
  'Please enter the address or hotel': { th: 'กรุณากรอกที่อยู่หรือชื่อโรงแรม', zh: '请输入地址或酒店名称' },

  // A refund's PromptPay ID (decision 3650)
  'A PromptPay ID is a mobile number of 10 digits starting with 0, or a 13-digit ID': {
    th: 'พร้อมเพย์คือเบอร์มือถือ 10 หลักที่ขึ้นต้นด้วย 0 หรือเลขประจำตัว 13 หลัก',
    zh: 'PromptPay 号码须为以 0 开头的 10 位手机号，或 13 位身份证号/税号',
  },
  'This 13-digit ID is not valid: check the digits': {
    th: 'เลขประจำตัว 13 หลักนี้ไม่ถูกต้อง กรุณาตรวจสอบตัวเลข',
    zh: '此 13 位号码无效，请检查数字',
  },
  'Please enter the name on the account': { th: 'กรุณากรอกชื่อบัญชี', zh: '请输入账户名' },
  "Please enter the bank's transfer reference": {
    th: 'กรุณากรอกเลขอ้างอิงการโอนของธนาคาร',
    zh: '请输入银行转账参考号',
  },

  // Drivers and licences
  'Invalid licence number': { th: 'เลขใบขับขี่ไม่ถูกต้อง', zh: '驾照号码无效' },
  'Please enter licence number': { th: 'กรุณากรอกเลขใบขับขี่', zh: '请输入驾照号码' },
  'Please choose the country that issued the licence': {
    th: 'กรุณาเลือกประเทศที่ออกใบขับขี่',
    zh: '请选择签发驾照的国家或地区',
  },
  'Please check the date of birth': { th: 'กรุณาตรวจสอบวันเกิด', zh: '请检查出生日期' },
  'The driver is younger than this car allows': {
    th: 'ผู้ขับขี่อายุน้อยกว่าที่รถคันนี้กำหนด',
    zh: '驾驶人年龄低于此车的要求',
  },
  'The driver is older than this car allows': {
    th: 'ผู้ขับขี่อายุมากกว่าที่รถคันนี้กำหนด',
    zh: '驾驶人年龄高于此车的要求',
  },
  'The licence issue date is in the future': { th: 'วันที่ออกใบขับขี่อยู่ในอนาคต', zh: '驾照签发日期在未来' },
  'The licence was issued before the date of birth': {
    th: 'วันที่ออกใบขับขี่อยู่ก่อนวันเกิด',
    zh: '驾照签发日期早于出生日期',
  },
  'The licence has not been held long enough for this car': {
    th: 'ถือใบขับขี่มาไม่นานพอสำหรับรถคันนี้',
    zh: '驾龄不满足此车的要求',
  },
  'The licence expires before the return date': { th: 'ใบขับขี่หมดอายุก่อนวันคืนรถ', zh: '驾照在还车日期前到期' },
  'This licence needs an international driving permit': {
    th: 'ใบขับขี่นี้ต้องใช้คู่กับใบอนุญาตขับรถระหว่างประเทศ (IDP)',
    zh: '此驾照须同时出示国际驾照（IDP）',
  },
  'This licence needs an international driving permit or an official translation': {
    th: 'ใบขับขี่นี้ต้องใช้คู่กับใบอนุญาตขับรถระหว่างประเทศ (IDP) หรือคำแปลอย่างเป็นทางการ',
    zh: '此驾照须附国际驾照（IDP）或官方翻译件',
  },
  'Unknown country': { th: 'ไม่พบประเทศนี้', zh: '未知国家或地区' },

  // Accounts
  'Email is too long': { th: 'อีเมลยาวเกินไป', zh: '邮箱过长' },
  'Enter the code': { th: 'กรุณากรอกรหัส', zh: '请输入验证码' },
  'Please confirm': { th: 'กรุณายืนยัน', zh: '请确认' },
  'Invalid token': { th: 'โทเคนไม่ถูกต้อง', zh: '令牌无效' },
  'Contains a character that is not allowed': { th: 'มีอักขระที่ไม่อนุญาต', zh: '包含不允许的字符' },
  'Must be a real date written YYYY-MM-DD': {
    th: 'ต้องเป็นวันที่ที่มีอยู่จริงในรูปแบบ YYYY-MM-DD',
    zh: '须为有效日期，格式为 YYYY-MM-DD',
  },

  // The listing's address (query)
  'Must be a whole number': { th: 'ต้องเป็นจำนวนเต็ม', zh: '须为整数' },
  'Must be 0 or 1': { th: 'ต้องเป็น 0 หรือ 1', zh: '须为 0 或 1' },
  'Must be 0 ≤ min ≤ max ≤ 1000000': {
    th: 'ต้องเป็น 0 ≤ ต่ำสุด ≤ สูงสุด ≤ 1000000',
    zh: '须满足 0 ≤ 最低 ≤ 最高 ≤ 1000000',
  },
  'Must be two whole numbers: min,max': {
    th: 'ต้องเป็นจำนวนเต็มสองจำนวน: ต่ำสุด,สูงสุด',
    zh: '须为两个整数：最低,最高',
  },
  'Must be a car type such as suv or sedan': {
    th: 'ต้องเป็นประเภทรถ เช่น suv หรือ sedan',
    zh: '须为车型类别，例如 suv 或 sedan',
  },
  'Must be a branch code': { th: 'ต้องเป็นรหัสสาขา', zh: '须为门店代码' },
  'Required with pickup_date': { th: 'ต้องระบุเมื่อระบุวันรับรถ', zh: '填写取车日期时必填' },
  'Required with return_date': { th: 'ต้องระบุเมื่อระบุวันคืนรถ', zh: '填写还车日期时必填' },
  'Must not be in the past': { th: 'ต้องไม่เป็นวันที่ผ่านมาแล้ว', zh: '不能是过去的日期' },
  'Must not be before pickup_date': { th: 'ต้องไม่ก่อนวันรับรถ', zh: '不能早于取车日期' },
  'Must be a car model id': { th: 'ต้องเป็นรหัสรุ่นรถ', zh: '须为车型编号' },

  // The back office's forms
  'Give a reason': { th: 'กรุณาระบุเหตุผล', zh: '请填写原因' },
  'Choose at least one booking': { th: 'กรุณาเลือกการจองอย่างน้อยหนึ่งรายการ', zh: '请至少选择一个预订' },
  'Must be after opening': { th: 'ต้องหลังเวลาเปิด', zh: '须晚于开门时间' },
  'Must not be before the start': { th: 'ต้องไม่ก่อนวันเริ่ม', zh: '不能早于开始日期' },
  'Must be after the start': { th: 'ต้องหลังวันเริ่ม', zh: '须晚于开始时间' },
  'Must be on or after the start': { th: 'ต้องเป็นวันเริ่มหรือหลังจากนั้น', zh: '须为开始日期或之后' },
  'A percentage must be below 100': { th: 'เปอร์เซ็นต์ต้องน้อยกว่า 100', zh: '百分比须小于 100' },
  'Too high': { th: 'สูงเกินไป', zh: '过高' },
  'Too much': { th: 'มากเกินไป', zh: '过多' },
  'Must not be negative': { th: 'ต้องไม่ติดลบ', zh: '不能为负数' },
  'Nothing to change': { th: 'ไม่มีอะไรให้เปลี่ยน', zh: '没有需要更改的内容' },
  'Must be more than 0': { th: 'ต้องมากกว่า 0', zh: '须大于 0' },
  'More than 0': { th: 'มากกว่า 0', zh: '大于 0' },
  'Use 3-30 letters, digits, - or _': {
    th: 'ใช้ตัวอักษร ตัวเลข - หรือ _ ยาว 3-30 ตัว',
    zh: '使用 3-30 个字母、数字、- 或 _',
  },
  'Lower-case letters, digits and dashes': {
    th: 'อักษรอังกฤษตัวพิมพ์เล็ก ตัวเลข และขีดกลาง',
    zh: '小写英文字母、数字和连字符',
  },
  'A site picture (/images/…) or an https address': {
    th: 'รูปในเว็บไซต์ (/images/…) หรือที่อยู่ https',
    zh: '网站图片（/images/…）或 https 地址',
  },
  'A one-way return goes to another branch': {
    th: 'การคืนรถต่างสาขาต้องคืนที่สาขาอื่น',
    zh: '异地还车须归还至其他门店',
  },
  'Must not be before the first day': { th: 'ต้องไม่ก่อนวันแรก', zh: '不能早于第一天' },
  'A percentage or a daily price': { th: 'เปอร์เซ็นต์หรือราคาต่อวัน', zh: '百分比或每日价格' },
  'Choose at least one day': { th: 'กรุณาเลือกอย่างน้อยหนึ่งวัน', zh: '请至少选择一天' },
  'Only a late-return rule has free hours': {
    th: 'ชั่วโมงที่ไม่คิดเงินมีเฉพาะกฎคืนรถล่าช้า',
    zh: '只有逾时还车规则有免费小时数',
  },
  'Only a season has a daily price': { th: 'ราคาต่อวันมีเฉพาะกฎช่วงเทศกาล', zh: '只有季节规则有每日价格' },
  'A model or categories, not both': {
    th: 'เลือกรุ่นรถหรือประเภทรถ อย่างใดอย่างหนึ่ง',
    zh: '选择车型或类别，不能同时选择',
  },
  'Use HH:MM': { th: 'ใช้รูปแบบ ชช:นน', zh: '请使用 HH:MM 格式' },
  'Whole baht only': { th: 'เป็นจำนวนเต็มบาทเท่านั้น', zh: '只能是整数泰铢' },
  'Whole baht': { th: 'จำนวนเต็มบาท', zh: '整数泰铢' },
  'A VIN is 17 letters and digits, without I, O or Q': {
    th: 'เลขตัวถัง (VIN) มี 17 ตัวอักษรและตัวเลข ไม่มี I, O หรือ Q',
    zh: '车架号（VIN）为 17 位字母和数字，不含 I、O、Q',
  },
  '2-10 letters or digits': { th: 'ตัวอักษรหรือตัวเลข 2-10 ตัว', zh: '2-10 个字母或数字' },
  'Baht per unit, more than 0, up to 4 decimals (e.g. 4.85)': {
    th: 'บาทต่อหน่วย มากกว่า 0 ทศนิยมไม่เกิน 4 ตำแหน่ง (เช่น 4.85)',
    zh: '每单位泰铢，大于 0，最多 4 位小数（例如 4.85）',
  },
  'Digits and dashes only': { th: 'ตัวเลขและขีดกลางเท่านั้น', zh: '只能是数字和连字符' },
  'A phone number, tax ID or e-wallet ID': {
    th: 'หมายเลขโทรศัพท์ เลขประจำตัวผู้เสียภาษี หรือรหัสวอลเล็ต',
    zh: '电话号码、税号或电子钱包 ID',
  },
  'A WeChat ID: 6-20 letters, digits, _ or -': {
    th: 'WeChat ID: ตัวอักษร ตัวเลข _ หรือ - ยาว 6-20 ตัว',
    zh: '微信号：6-20 个字母、数字、_ 或 -',
  },
  'An international number: + and 8-15 digits': {
    th: 'หมายเลขแบบสากล: + ตามด้วยตัวเลข 8-15 หลัก',
    zh: '国际号码：+ 加 8-15 位数字',
  },
  'Not a monthly invoice number': { th: 'ไม่ใช่เลขที่ใบกำกับภาษีรายเดือน', zh: '不是月度税务发票编号' },
  'Not a note number': { th: 'ไม่ใช่เลขที่ใบลดหนี้หรือใบเพิ่มหนี้', zh: '不是贷项或借项通知单编号' },

  // Hand-over forms
  'From 0 to 8 eighths': { th: 'ตั้งแต่ 0 ถึง 8 ส่วน (จากแปด)', zh: '0 至 8（八分之几）' },
  'Whole kilometres': { th: 'จำนวนเต็มกิโลเมตร', zh: '整数公里' },
  'The signature is too large': { th: 'ลายเซ็นมีขนาดใหญ่เกินไป', zh: '签名文件过大' },
  "Give the counter's place in Thai, English and Chinese, or leave all three empty": {
    th: 'กรอกจุดที่ตั้งเคาน์เตอร์ทั้งภาษาไทย อังกฤษ และจีน หรือเว้นว่างทั้งสามภาษา',
    zh: '请用泰文、英文和中文填写柜台位置，或三项都留空',
  },
};
