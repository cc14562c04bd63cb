import type { Language } from '@siam/contract/languages';

type Words = Record<Exclude<Language, 'en'>, string>;

/**
 * The services' own refusals in Thai and Chinese (issue 35), by the English the service writes.
 * Terms follow docs/glossary.md (เงินประกัน / 押金, ใบกำกับภาษี / 税务发票, ใบอนุญาตขับรถระหว่างประเทศ /
 * 国际驾照). every-message-words.test.ts reads every message from the sources and fails on one
 * without words here, in the contract's word files (contract-words.ts) or in message-words.ts.
 */
export const refusalWords: Record<string, Words> = {
  // Addresses and the site's own answers
  'The address is too long': { th: 'ที่อยู่เว็บยาวเกินไป', zh: '网址过长' },
  'The address is not valid': { th: 'ที่อยู่เว็บไม่ถูกต้อง', zh: '网址无效' },
  'Not found': { th: 'ไม่พบหน้าที่ต้องการ', zh: '未找到该页面' },
  'A metrics token is needed': { th: 'ต้องใช้โทเคนสำหรับดูสถิติระบบ', zh: '需要监控令牌' },
  'Database unavailable': { th: 'ฐานข้อมูลไม่พร้อมใช้งาน', zh: '数据库不可用' },
  'The LINE signature does not match': { th: 'ลายเซ็นจาก LINE ไม่ตรงกัน', zh: 'LINE 签名不匹配' },
  'Not a LINE webhook body': { th: 'ข้อมูลที่ส่งมาไม่ใช่ webhook ของ LINE', zh: '不是 LINE webhook 的内容' },
  'The Omise signature does not match': { th: 'ลายเซ็นจาก Omise ไม่ตรงกัน', zh: 'Omise 签名不匹配' },
  'Idempotency-Key must be 8-100 letters, digits or -_.:': {
    th: 'Idempotency-Key ต้องเป็นตัวอักษร ตัวเลข หรือ -_.: ยาว 8-100 ตัว',
    zh: 'Idempotency-Key 须为 8-100 个字母、数字或 -_.:',
  },

  // Accounts and signing in
  'This link has expired or was already used. Ask for a new one.': {
    th: 'ลิงก์นี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่',
    zh: '此链接已过期或已被使用，请重新申请。',
  },
  'Session expired, sign in again': { th: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', zh: '登录已过期，请重新登录' },
  'The current password is incorrect': { th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง', zh: '当前密码不正确' },
  'Please sign in again to confirm it is you': {
    th: 'กรุณาเข้าสู่ระบบอีกครั้งเพื่อยืนยันว่าเป็นคุณ',
    zh: '请重新登录以确认是您本人',
  },
  'This email is already used by another account': {
    th: 'อีเมลนี้ถูกใช้กับบัญชีอื่นแล้ว',
    zh: '此邮箱已被其他账户使用',
  },
  'Staff accounts are closed by an administrator': {
    th: 'บัญชีพนักงานปิดได้โดยผู้ดูแลระบบเท่านั้น',
    zh: '员工账户只能由管理员关闭',
  },
  'Too many attempts. Please wait and try again later.': {
    th: 'ลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    zh: '尝试次数过多，请稍后再试。',
  },
  'Please confirm this sign-in: your browser solves a short check': {
    th: 'กรุณายืนยันการเข้าสู่ระบบ: เบราว์เซอร์ของคุณจะทำการตรวจสอบสั้น ๆ',
    zh: '请确认此次登录：您的浏览器将完成一个简短验证',
  },
  'Incorrect email or password': { th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง', zh: '邮箱或密码不正确' },
  'This sign-in took too long. Please start again.': {
    th: 'การเข้าสู่ระบบนี้ใช้เวลานานเกินไป กรุณาเริ่มใหม่',
    zh: '此次登录耗时过长，请重新开始。',
  },
  'The code is not right, or it was used already': {
    th: 'รหัสไม่ถูกต้อง หรือถูกใช้ไปแล้ว',
    zh: '验证码不正确或已被使用',
  },
  'This account is not connected to LINE': { th: 'บัญชีนี้ไม่ได้เชื่อมต่อกับ LINE', zh: '此账户未关联 LINE' },
  'LINE is how you sign in to this account, so it cannot be disconnected': {
    th: 'บัญชีนี้เข้าสู่ระบบด้วย LINE จึงยกเลิกการเชื่อมต่อไม่ได้',
    zh: '此账户通过 LINE 登录，因此无法解除关联',
  },
  'An account with this email already exists. Sign in with your password first.': {
    th: 'มีบัญชีที่ใช้อีเมลนี้อยู่แล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านก่อน',
    zh: '已有使用此邮箱的账户，请先用密码登录。',
  },
  'This account uses two-step sign-in: sign in with your email, password and code.': {
    th: 'บัญชีนี้ใช้การยืนยันสองขั้นตอน: กรุณาเข้าสู่ระบบด้วยอีเมล รหัสผ่าน และรหัสยืนยัน',
    zh: '此账户已开启两步验证：请用邮箱、密码和验证码登录。',
  },
  'Two-step sign-in is on already; turn it off first to change the app': {
    th: 'เปิดการยืนยันสองขั้นตอนอยู่แล้ว กรุณาปิดก่อนจึงจะเปลี่ยนแอปได้',
    zh: '两步验证已开启；如需更换应用，请先关闭',
  },
  'Start the set-up first': { th: 'กรุณาเริ่มการตั้งค่าก่อน', zh: '请先开始设置' },
  'Two-step sign-in is on already': { th: 'เปิดการยืนยันสองขั้นตอนอยู่แล้ว', zh: '两步验证已开启' },
  'This sign-in method is not available': { th: 'วิธีเข้าสู่ระบบนี้ใช้ไม่ได้ในขณะนี้', zh: '此登录方式不可用' },
  'Error during Google authentication': {
    th: 'เกิดข้อผิดพลาดระหว่างยืนยันตัวตนกับ Google',
    zh: 'Google 身份验证出错',
  },
  'Error during Facebook authentication': {
    th: 'เกิดข้อผิดพลาดระหว่างยืนยันตัวตนกับ Facebook',
    zh: 'Facebook 身份验证出错',
  },
  'Error during LINE authentication': { th: 'เกิดข้อผิดพลาดระหว่างยืนยันตัวตนกับ LINE', zh: 'LINE 身份验证出错' },
  'This password is one of the most common: choose one that is harder to guess': {
    th: 'รหัสผ่านนี้เป็นรหัสที่ใช้กันบ่อยที่สุด กรุณาเลือกรหัสที่เดาได้ยากกว่านี้',
    zh: '此密码过于常见，请选择更难猜到的密码',
  },

  // Customers, companies and staff's lists
  'No customer account with this email': { th: 'ไม่มีบัญชีลูกค้าที่ใช้อีเมลนี้', zh: '没有使用此邮箱的客户账户' },
  'Already used by another article': { th: 'บทความอื่นใช้ที่อยู่นี้แล้ว', zh: '已被其他文章使用' },
  'Unknown car model': { th: 'ไม่พบรุ่นรถนี้', zh: '未知车型' },
  'Unknown branch': { th: 'ไม่พบสาขานี้', zh: '未知门店' },
  'This hot deal already exists': { th: 'มีดีลนี้อยู่แล้ว', zh: '此特惠已存在' },
  'The file is not a picture (JPEG, PNG, WebP or AVIF)': {
    th: 'ไฟล์นี้ไม่ใช่รูปภาพ (JPEG, PNG, WebP หรือ AVIF)',
    zh: '该文件不是图片（JPEG、PNG、WebP 或 AVIF）',
  },
  'The picture is too small: at least 200 × 100 pixels': {
    th: 'รูปเล็กเกินไป: อย่างน้อย 200 × 100 พิกเซล',
    zh: '图片太小：至少 200 × 100 像素',
  },
  'At least 200 × 100 pixels': { th: 'อย่างน้อย 200 × 100 พิกเซล', zh: '至少 200 × 100 像素' },
  'The picture is too large: at most 10 MB': { th: 'รูปใหญ่เกินไป: ไม่เกิน 10 MB', zh: '图片太大：最多 10 MB' },
  'The maximum age must be at least the minimum age': {
    th: 'อายุสูงสุดต้องไม่น้อยกว่าอายุขั้นต่ำ',
    zh: '最高年龄不得低于最低年龄',
  },
  'A category with this slug already exists': { th: 'มีประเภทรถที่ใช้ที่อยู่นี้อยู่แล้ว', zh: '已有使用此地址的车型类别' },
  'A car model with this slug (or its category) already exists': {
    th: 'มีรุ่นรถที่ใช้ที่อยู่นี้อยู่แล้ว (หรือประเภทรถไม่ถูกต้อง)',
    zh: '已有使用此地址的车型（或其类别有误）',
  },
  'A branch with this code already exists': { th: 'มีสาขาที่ใช้รหัสนี้อยู่แล้ว', zh: '已有使用此代码的门店' },
  'A unit with this plate or VIN (or its car model or branch) already exists': {
    th: 'มีรถที่ใช้ทะเบียนหรือเลขตัวถัง (VIN) นี้อยู่แล้ว (หรือรุ่นรถหรือสาขาไม่ถูกต้อง)',
    zh: '已有使用此车牌或车架号（VIN）的车辆（或其车型、门店有误）',
  },
  'Must be today or later': { th: 'ต้องเป็นวันนี้หรือหลังจากนี้', zh: '须为今天或之后' },
  'At most one year': { th: 'ไม่เกินหนึ่งปี', zh: '最多一年' },
  'This unit is booked during these dates: move or cancel the booking first': {
    th: 'รถคันนี้มีการจองในช่วงวันดังกล่าว กรุณาย้ายหรือยกเลิกการจองก่อน',
    zh: '该车辆在这些日期已有预订：请先调整或取消该预订',
  },
  'This unit is already blocked for maintenance during some of these dates': {
    th: 'รถคันนี้ถูกปิดเพื่อซ่อมบำรุงในบางวันของช่วงนี้อยู่แล้ว',
    zh: '该车辆在这些日期中的部分日期已因保养停用',
  },
  'Overlaps a booking': { th: 'ทับซ้อนกับการจอง', zh: '与预订时间重叠' },
  'Overlaps another maintenance block': { th: 'ทับซ้อนกับการปิดซ่อมบำรุงอื่น', zh: '与其他保养停用时间重叠' },
  'That unit is not a car of this model': { th: 'รถคันนั้นไม่ใช่รถรุ่นนี้', zh: '该车辆不属于此车型' },

  // Uploads
  'Choose a picture of the licence': { th: 'กรุณาเลือกรูปใบขับขี่', zh: '请选择驾照图片' },
  'The picture must be at most 5 MB': { th: 'รูปต้องมีขนาดไม่เกิน 5 MB', zh: '图片不得超过 5 MB' },
  'This booking takes no more licence pictures': {
    th: 'การจองนี้รับรูปใบขับขี่เพิ่มไม่ได้แล้ว',
    zh: '此预订不能再上传驾照图片',
  },
  'Send a picture of the licence (JPEG, PNG or WebP)': {
    th: 'กรุณาส่งรูปใบขับขี่ (JPEG, PNG หรือ WebP)',
    zh: '请上传驾照图片（JPEG、PNG 或 WebP）',
  },
  'Take a photo of the car': { th: 'กรุณาถ่ายรูปรถ', zh: '请拍摄车辆照片' },
  'The photo must be at most 10 MB': { th: 'รูปต้องมีขนาดไม่เกิน 10 MB', zh: '照片不得超过 10 MB' },
  'Send a photo of the car (JPEG, PNG or WebP)': {
    th: 'กรุณาส่งรูปรถ (JPEG, PNG หรือ WebP)',
    zh: '请上传车辆照片（JPEG、PNG 或 WebP）',
  },
  'Choose a slip file': { th: 'กรุณาเลือกไฟล์สลิป', zh: '请选择转账凭证文件' },
  'The slip must be at most 5 MB': { th: 'สลิปต้องมีขนาดไม่เกิน 5 MB', zh: '转账凭证不得超过 5 MB' },
  'The file is empty': { th: 'ไฟล์ว่างเปล่า', zh: '文件为空' },
  "We could not find the bank's QR code on this slip. Upload the whole slip your bank app showed after the transfer":
    {
      th: 'ไม่พบคิวอาร์โค้ดของธนาคารบนสลิปนี้ กรุณาอัปโหลดสลิปเต็มใบที่แอปธนาคารแสดงหลังโอนเงิน',
      zh: '未在此凭证上找到银行二维码。请上传银行应用在转账后显示的完整凭证',
    },

  // Payments, slips and deposits
  'Your card was declined. Please use another card or another payment method': {
    th: 'บัตรของคุณถูกปฏิเสธ กรุณาใช้บัตรอื่นหรือวิธีชำระเงินอื่น',
    zh: '您的银行卡被拒绝，请使用其他卡或其他支付方式',
  },
  'Your card has insufficient funds. Please use another card or another payment method': {
    th: 'วงเงินในบัตรไม่พอ กรุณาใช้บัตรอื่นหรือวิธีชำระเงินอื่น',
    zh: '您的银行卡余额不足，请使用其他卡或其他支付方式',
  },
  'The card payment could not be processed. Please try again': {
    th: 'ไม่สามารถดำเนินการชำระด้วยบัตรได้ กรุณาลองใหม่',
    zh: '银行卡付款无法处理，请重试',
  },
  'This booking has no card payment marked "charged? check": it is still being looked up, or was settled': {
    th: 'การจองนี้ไม่มีการชำระด้วยบัตรที่รอตรวจว่า "ตัดเงินแล้วหรือไม่" อาจกำลังตรวจสอบอยู่หรือจัดการไปแล้ว',
    zh: '此预订没有标记为"是否已扣款？"的银行卡付款：仍在查询中，或已处理',
  },
  'The payment gateway did not answer: nothing changed, ask again in a moment': {
    th: 'ระบบรับชำระเงินไม่ตอบกลับ ไม่มีการเปลี่ยนแปลงใด ๆ กรุณาลองถามใหม่อีกสักครู่',
    zh: '支付网关未响应：没有任何更改，请稍后再查询',
  },
  'The payment gateway did not answer; send the event again': {
    th: 'ระบบรับชำระเงินไม่ตอบกลับ กรุณาส่งเหตุการณ์อีกครั้ง',
    zh: '支付网关未响应；请重新发送该事件',
  },
  'The deposit is taken when the car is handed over, once: this booking has none due now': {
    th: 'เงินประกันเก็บครั้งเดียวตอนส่งมอบรถ การจองนี้ไม่มีเงินประกันที่ต้องเก็บในขณะนี้',
    zh: '押金在交车时收取一次：此预订目前没有待收押金',
  },
  // The deposit paid by PromptPay online before pickup (decision 3652)
  'This booking has no deposit to pay now: it is paid, or it is taken at the counter with the car': {
    th: 'การจองนี้ไม่มีเงินประกันที่ต้องชำระตอนนี้: ชำระแล้ว หรือจะเก็บที่เคาน์เตอร์ตอนรับรถ',
    zh: '此预订目前没有需支付的押金：已支付，或将在取车时于柜台收取',
  },
  'PromptPay online is not available now: the deposit is taken at the counter at pickup': {
    th: 'ขณะนี้ชำระผ่านพร้อมเพย์ออนไลน์ไม่ได้ เงินประกันจะเก็บที่เคาน์เตอร์ตอนรับรถ',
    zh: '目前无法在线使用 PromptPay：押金将在取车时于柜台收取',
  },
  'The payment gateway did not make the QR code: nothing changed, try again in a moment': {
    th: 'ระบบรับชำระเงินสร้าง QR โค้ดไม่สำเร็จ ไม่มีการเปลี่ยนแปลงใด ๆ กรุณาลองใหม่อีกสักครู่',
    zh: '支付网关未能生成二维码：没有任何更改，请稍后重试',
  },
  // Refunds staff send by hand (decision 3650)
  'This refund has already been paid': { th: 'เงินคืนรายการนี้โอนไปแล้ว', zh: '此笔退款已转出' },
  'More than the deposit': { th: 'มากกว่าเงินประกัน', zh: '超过押金' },
  'Say why part of the deposit is kept': {
    th: 'กรุณาระบุเหตุผลที่หักเงินประกันบางส่วน',
    zh: '请说明扣留部分押金的原因',
  },
  'No deposit is held for this booking, or the car has not been picked up': {
    th: 'การจองนี้ไม่มีเงินประกันที่ถืออยู่ หรือยังไม่ได้รับรถ',
    zh: '此预订没有已收押金，或车辆尚未取走',
  },
  'This deposit is held on a card that can only be taken in full or returned in full: keep all of it or none':
    {
      th: 'เงินประกันนี้กันวงเงินไว้บนบัตรที่เก็บได้ทั้งจำนวนหรือคืนทั้งจำนวนเท่านั้น: เก็บทั้งหมดหรือไม่เก็บเลย',
      zh: '此押金冻结在只能全额扣取或全额退还的卡上：请全部扣留或全部退还',
    },
  'The card company did not answer about the deposit held on the card: nothing changed, try again in a moment':
    {
      th: 'บริษัทบัตรไม่ตอบกลับเรื่องเงินประกันที่กันวงเงินไว้ ไม่มีการเปลี่ยนแปลงใด ๆ กรุณาลองใหม่อีกสักครู่',
      zh: '发卡机构未就卡上冻结的押金作出回应：没有任何更改，请稍后重试',
    },
  'This booking does not wait for a transfer slip': {
    th: 'การจองนี้ไม่ได้รอสลิปโอนเงิน',
    zh: '此预订不需要转账凭证',
  },
  'The time to pay for this booking has passed': {
    th: 'เลยเวลาชำระเงินของการจองนี้แล้ว',
    zh: '此预订的付款时限已过',
  },
  'This booking is paid through the payment gateway: no slip is needed': {
    th: 'การจองนี้ชำระผ่านระบบรับชำระเงิน ไม่ต้องใช้สลิป',
    zh: '此预订通过支付网关付款：无需转账凭证',
  },
  'This slip has already been uploaded. Each transfer pays for one booking only': {
    th: 'สลิปนี้ถูกอัปโหลดไปแล้ว การโอนแต่ละครั้งชำระได้หนึ่งการจองเท่านั้น',
    zh: '此凭证已上传过。每笔转账只能支付一个预订',
  },

  // Prices, codes and booking rules
  'The limit is below the uses already made': {
    th: 'จำนวนจำกัดน้อยกว่าจำนวนที่ใช้ไปแล้ว',
    zh: '上限低于已使用次数',
  },
  'Below the uses already made': { th: 'น้อยกว่าจำนวนที่ใช้ไปแล้ว', zh: '低于已使用次数' },
  'Invalid or expired promotion code': { th: 'รหัสโปรโมชันไม่ถูกต้องหรือหมดอายุแล้ว', zh: '优惠码无效或已过期' },
  'Invalid dates': { th: 'วันที่ไม่ถูกต้อง', zh: '日期无效' },
  'The pickup date has passed': { th: 'วันรับรถผ่านไปแล้ว', zh: '取车日期已过' },
  'This car cannot be returned to that branch: choose another or the pickup branch': {
    th: 'รถคันนี้คืนที่สาขานั้นไม่ได้ กรุณาเลือกสาขาอื่นหรือสาขาที่รับรถ',
    zh: '此车不能在该门店归还：请选择其他门店或取车门店',
  },
  'This branch does not deliver to that area': { th: 'สาขานี้ไม่ส่งรถไปพื้นที่นั้น', zh: '该门店不送车至该区域' },
  'The car is booked after your rental: it cannot be kept longer': {
    th: 'รถคันนี้มีการจองต่อจากการเช่าของคุณ จึงขยายเวลาไม่ได้',
    zh: '此车在您的租期之后已被预订：无法延长',
  },
  'Bookings are closed for now. Please try again later': {
    th: 'ปิดรับจองชั่วคราว กรุณาลองใหม่ภายหลัง',
    zh: '暂停接受预订，请稍后再试',
  },
  'This Idempotency-Key was already used for another booking request': {
    th: 'Idempotency-Key นี้ถูกใช้กับคำขอจองอื่นแล้ว',
    zh: '此 Idempotency-Key 已用于其他预订请求',
  },
  'This Idempotency-Key was already used for another request': {
    th: 'Idempotency-Key นี้ถูกใช้กับคำขออื่นแล้ว',
    zh: '此 Idempotency-Key 已用于其他请求',
  },
  'You already have as many bookings awaiting payment as your account allows. Please pay for or cancel one of them first, or pay by card':
    {
      th: 'คุณมีการจองที่รอชำระเงินครบตามที่บัญชีอนุญาตแล้ว กรุณาชำระหรือยกเลิกรายการใดรายการหนึ่งก่อน หรือชำระด้วยบัตร',
      zh: '您待付款的预订已达账户上限。请先支付或取消其中一个，或使用银行卡付款',
    },
  'Too many unpaid bookings were made from this network or device. Pay by card, or pay for one of them first':
    {
      th: 'มีการจองที่ยังไม่ชำระจากเครือข่ายหรืออุปกรณ์นี้มากเกินไป กรุณาชำระด้วยบัตร หรือชำระรายการใดรายการหนึ่งก่อน',
      zh: '此网络或设备的未付款预订过多。请使用银行卡付款，或先支付其中一个',
    },
  'The cars of this model left on these dates are kept for customers who pay at once. Pay by card or wallet now to book it':
    {
      th: 'รถรุ่นนี้ที่เหลือในวันดังกล่าวสงวนไว้สำหรับลูกค้าที่ชำระทันที กรุณาชำระด้วยบัตรหรือวอลเล็ตเพื่อจอง',
      zh: '此车型在这些日期的剩余车辆留给立即付款的客户。请用银行卡或电子钱包立即付款预订',
    },
  'This booking no longer waits for a payment': { th: 'การจองนี้ไม่ได้รอชำระเงินแล้ว', zh: '此预订已不再等待付款' },
  'A card payment of this booking is still being checked: wait for its outcome before paying again': {
    th: 'การชำระด้วยบัตรของการจองนี้ยังอยู่ระหว่างตรวจสอบ กรุณารอผลก่อนชำระอีกครั้ง',
    zh: '此预订的银行卡付款仍在核实中：请等待结果后再付款',
  },
  'You can review a booking once the car has been picked up': {
    th: 'รีวิวการจองได้หลังจากรับรถแล้ว',
    zh: '取车后即可评价此预订',
  },
  'This booking already has a review': { th: 'การจองนี้มีรีวิวแล้ว', zh: '此预订已有评价' },
};
