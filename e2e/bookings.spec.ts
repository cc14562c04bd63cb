import { expect, test, type APIRequestContext, type Page, axeViolations } from './fixtures';
import { sandboxCardToken } from '../packages/contract/src/card-tokens';
import { admin, fillLicence, roomForUnpaidHold, settledTotal, slipPicture } from './booking-fixtures';

/**
 * Booking journeys (issue 5): card with SAVE10 → success → receipt → my bookings → cancel;
 * bank transfer with a slip; PromptPay; and the rejected code, declined card and conflict messages.
 * Sign-in pages belong to another feature: customers are made through the API and the token is put
 * into localStorage, as the site itself would after a login.
 */

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * DAY).toISOString().slice(0, 10);

let seq = 0;
async function signUp(request: APIRequestContext, page: Page, lng: string) {
  seq += 1;
  const email = `e2e-${Date.now().toString(36)}-${process.pid}-${seq}@example.com`;
  const reg = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: 'secret-123',
      firstName: 'Somchai',
      lastName: 'Jaidee',
      phone: '0812345678',
      language: lng,
    },
  });
  expect(reg.ok()).toBeTruthy();
  const login = await request.post('/api/v1/auth/login', { data: { email, password: 'secret-123' } });
  const { token, user } = await login.json();
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('user', u!);
    },
    [token as string, JSON.stringify(user)],
  );
  return { token: token as string, email };
}

/** A car model and branch with a free unit, found through the quote call (the demo data may change). */
async function findCar(request: APIRequestContext, from: number, to: number) {
  let branches = ['srn', 'bmk', 'bkk', 'dmk', 'hdy', 'pty', 'phuket', 'chiangmai'];
  const listed = await request.get('/api/v1/guest/branches');
  if (listed.ok()) {
    const body = await listed.json();
    const codes = (body?.response?.data ?? []).map((b: { code: string }) => b.code).filter(Boolean);
    if (codes.length) branches = codes;
  }
  for (let id = 1; id <= 30; id++)
    for (const branch of branches) {
      const res = await request.post('/api/v1/guest/bookings/quote', {
        data: { carModelId: id, branchCode: branch, pickupDate: day(from), returnDate: day(to) },
      });
      if (res.ok() && (await res.json()).response.data.available) return { id, branch };
    }
  throw new Error('No bookable car in the demo data');
}

const bookingUrl = (car: { id: number; branch: string }, from: number, to: number, lng: string) =>
  `/booking/${car.id}?pickup=${day(from)}&return=${day(to)}&branch=${car.branch}&lng=${lng}`;

const texts = {
  en: {
    first: 'First name',
    idNumber: 'ID card or passport number',
    cardNumber: 'Card number',
    cardName: 'Name on card',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    havePromo: 'I have a promotion code',
    promo: 'Promotion code',
    apply: 'Apply',
    applied: 'Code SAVE10 applied',
    invalidPromo: 'Invalid or expired promotion code',
    terms: /I have read and accept/,
    pay: 'Pay and confirm',
    confirm: 'Confirm booking',
    paidTitle: 'Your booking is confirmed',
    title: 'Your booking is in',
    receipt: 'Download receipt',
    myBookings: 'My bookings',
    cancel: 'Cancel booking',
    yesCancel: 'Yes, cancel',
    free: 'Cancelling now is free of charge.',
    lateFee: /After that, cancelling costs \D*[\d,]+/,
    termsLink: 'terms and conditions',
    promoLine: 'Promotion code SAVE10 (off the rental)',
    reviewLater: /Once you have picked up the car on .+, you can review it in My bookings/,
    reviewFrom: /You can review this car for a discount coupon once you have picked it up on/,
    shareLine: 'Share on LINE',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    checkingTitle: 'We are confirming your card payment',
    checkingNote: 'Checking your card payment with the bank. Please do not pay again.',
    staffEmail: 'Email',
    staffPassword: 'Password',
    staffSubmit: 'Sign in',
    checksNav: 'Card payments to check',
    askNow: 'Ask the gateway now about',
    askResult: /^[01] confirmed/,
    confirmedBadge: 'Confirmed',
    nothingToPay: 'Nothing to pay: your booking is confirmed as soon as you send it.',
    oneDay: /^Rental \(1 day × ฿[\d,]+(\.\d\d)?\)$/,
    cancelled: 'Cancelled',
    gps: /GPS device/,
    transfer: 'Bank transfer',
    // The spec's 24 hours for a transfer's slip (§4, §9; businessRules.transferHoldHours).
    transferWindow: 'Transfer and upload the slip within 24 hours.',
    promptpay: 'PromptPay QR',
    slip: /Slip \(JPEG, PNG, WebP or PDF/,
    upload: 'Upload slip',
    slipDone: 'Slip received',
    declined: 'Your card was declined',
    unavailable: 'This car is no longer available for these dates.',
    acceptTermsError: 'Please accept the terms and conditions',
    sandbox: /Test mode: no real money/,
    incomplete: 'Please go back and choose a car and dates again.',
    invalidCard: 'Invalid card number',
    awaiting: 'Awaiting payment',
    qr: /PromptPay QR code for/,
  },
  th: {
    first: 'ชื่อ',
    idNumber: 'เลขบัตรประชาชนหรือเลขหนังสือเดินทาง',
    cardNumber: 'หมายเลขบัตร',
    cardName: 'ชื่อบนบัตร',
    expiry: 'วันหมดอายุ (ดด/ปป)',
    cvv: 'CVV',
    havePromo: 'มีโค้ดส่วนลด',
    promo: 'โค้ดส่วนลด',
    apply: 'ใช้โค้ด',
    applied: 'ใช้โค้ด SAVE10 แล้ว',
    invalidPromo: 'โค้ดส่วนลดไม่ถูกต้องหรือหมดอายุแล้ว',
    terms: /ฉันได้อ่านและยอมรับ/,
    pay: 'ชำระเงินและยืนยัน',
    confirm: 'ยืนยันการจอง',
    paidTitle: 'การจองของคุณได้รับการยืนยันแล้ว',
    title: 'เราได้รับการจองของคุณแล้ว',
    receipt: 'ดาวน์โหลดใบเสร็จ',
    myBookings: 'การจองของฉัน',
    cancel: 'ยกเลิกการจอง',
    yesCancel: 'ยืนยันการยกเลิก',
    free: 'ยกเลิกตอนนี้ไม่มีค่าธรรมเนียม',
    lateFee: /หลังจากนั้นการยกเลิกมีค่าธรรมเนียม \D*[\d,]+/,
    termsLink: 'ข้อกำหนดและเงื่อนไข',
    promoLine: 'โค้ดส่วนลด SAVE10 (ลดจากค่าเช่า)',
    reviewLater: /เมื่อคุณรับรถแล้วในวันที่ .+ คุณสามารถรีวิวรถได้ที่การจองของฉัน/,
    reviewFrom: /คุณรีวิวรถคันนี้เพื่อรับคูปองส่วนลดได้เมื่อรับรถแล้วในวันที่/,
    shareLine: 'แชร์ทาง LINE',
    copyLink: 'คัดลอกลิงก์',
    linkCopied: 'คัดลอกลิงก์แล้ว',
    checkingTitle: 'เรากำลังยืนยันการชำระเงินด้วยบัตรของคุณ',
    checkingNote: 'กำลังตรวจสอบการชำระเงินด้วยบัตรกับธนาคาร กรุณาอย่าชำระเงินซ้ำ',
    staffEmail: 'อีเมล',
    staffPassword: 'รหัสผ่าน',
    staffSubmit: 'เข้าสู่ระบบ',
    checksNav: 'ตรวจสอบการชำระด้วยบัตร',
    askNow: 'สอบถามระบบชำระเงินเรื่อง',
    askResult: /^ยืนยันแล้ว [01] รายการ/,
    confirmedBadge: 'ยืนยันแล้ว',
    nothingToPay: 'ไม่มียอดที่ต้องชำระ การจองของคุณจะได้รับการยืนยันทันทีที่ส่ง',
    oneDay: /^ค่าเช่า \(1 วัน × ฿[\d,]+(\.\d\d)?\)$/,
    cancelled: 'ยกเลิกแล้ว',
    gps: /เครื่องนำทาง GPS/,
    transfer: 'โอนเงินผ่านธนาคาร',
    transferWindow: 'กรุณาโอนและแนบสลิปภายใน 24 ชั่วโมง',
    promptpay: 'สแกน QR พร้อมเพย์',
    slip: /สลิป \(JPEG, PNG, WebP หรือ PDF/,
    upload: 'อัปโหลดสลิป',
    slipDone: 'ได้รับสลิปแล้ว',
    declined: 'บัตรของคุณถูกปฏิเสธ',
    unavailable: 'ขออภัย รถคันนี้ไม่ว่างในวันที่เลือกแล้ว',
    acceptTermsError: 'กรุณายอมรับข้อกำหนดและเงื่อนไข',
    sandbox: /โหมดทดสอบ: ไม่มีการตัดเงินจริง/,
    incomplete: 'กรุณากลับไปเลือกรถและวันที่อีกครั้ง',
    invalidCard: 'หมายเลขบัตรไม่ถูกต้อง',
    awaiting: 'รอชำระเงิน',
    qr: /QR พร้อมเพย์ ยอด/,
  },
} as const;

type Texts = Record<keyof (typeof texts)['en'], string | RegExp>;

async function fillDriver(page: Page, t: Texts) {
  await expect(page.getByLabel(t.first, { exact: true })).toHaveValue('Somchai'); // pre-filled from the profile
  await page.getByLabel(t.idNumber).fill('1103700012345');
  await fillLicence(page);
}

async function fillCard(page: Page, t: Texts, number = '4242 4242 4242 4242') {
  await page.getByLabel(t.cardNumber).fill(number);
  await page.getByLabel(t.cardName).fill('SOMCHAI JAIDEE');
  await page.getByLabel(t.expiry).fill('12/30');
  await page.getByLabel(t.cvv).fill('123');
}

for (const lng of ['en', 'th'] as const) {
  const t: Texts = texts[lng];
  const offset = lng === 'en' ? 0 : 100;

  test(`[${lng}] card with SAVE10 → success → receipt → my bookings → cancel`, async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(request, page, lng);
    const car = await findCar(request, 10 + offset, 12 + offset);
    await page.goto(bookingUrl(car, 10 + offset, 12 + offset, lng));
    await fillDriver(page, t);
    await page.getByRole('checkbox', { name: t.gps }).check();
    const total = page.getByTestId('price-total');
    const before = await settledTotal(page);
    await page.getByRole('button', { name: t.havePromo }).click();
    await page.getByRole('textbox', { name: t.promo, exact: true }).fill('save10');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByText(t.applied)).toBeVisible();
    await expect(total).not.toHaveText(before!);
    // One symbol for money in every language, as on the listing (no "THB" here and "฿" there).
    await expect(total).toHaveText(/^฿[\d,]+(\.\d\d)?$/);
    // The code's line says what it applies to, as the promotions page does.
    await expect(page.getByTestId('price-breakdown').getByText(t.promoLine)).toBeVisible();
    await expect(page.getByText(t.sandbox)).toBeVisible();
    // The terms one accepts are a click away, in a new tab so nothing typed here is lost.
    const termsLink = page.getByRole('link', { name: t.termsLink });
    await expect(termsLink).toHaveAttribute('href', '/terms');
    await expect(termsLink).toHaveAttribute('target', '_blank');
    await fillCard(page, t);
    await page.getByRole('button', { name: t.pay }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.acceptTermsError }).first()).toBeVisible();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.pay }).click();

    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t.paidTitle);
    const number = (await page.getByTestId('booking-number').textContent())!;
    await expect(page.getByText('09:00').first()).toBeVisible();
    await expect(page.getByText('18:00').first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('booking-number')).toHaveText(number);
    // A review opens at pickup: the page says when, instead of a button that leads nowhere yet.
    await expect(page.getByTestId('review-later')).toHaveText(t.reviewLater);
    // Sharing that works on a phone: LINE's share address (no app id), and the link copied.
    await expect(page.getByRole('link', { name: t.shareLine })).toHaveAttribute(
      'href',
      new RegExp(`^https://line\\.me/R/share\\?text=.*${number}`),
    );
    await expect(page.locator('a[href*="facebook.com/dialog"]')).toHaveCount(0);
    await page.getByRole('button', { name: t.copyLink }).click();
    await expect(page.getByRole('status').filter({ hasText: t.linkCopied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`booking=${number}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.receipt }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`siam-drive-${number}.pdf`);

    await page.goto(`/my-bookings?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: t.myBookings })).toBeVisible();
    const item = page.getByRole('listitem', { name: new RegExp(number) });
    await expect(item.getByText(t.reviewFrom)).toBeVisible();
    await item.getByRole('button', { name: t.cancel }).click();
    await expect(item.getByTestId('cancel-fee')).toHaveText(t.free);
    // Free now, and the fee that comes later is said before it applies.
    await expect(item.getByText(t.lateFee)).toBeVisible();
    await item.getByRole('button', { name: t.yesCancel }).click();
    await expect(item.getByText(t.cancelled, { exact: true })).toBeVisible();
  });

  test(`[${lng}] a card payment whose answer is lost: the car stays held, staff ask the gateway, it is confirmed`, async ({
    page,
    request,
    browser,
  }) => {
    await signUp(request, page, lng);
    const car = await findCar(request, 40 + offset, 41 + offset);
    await page.goto(bookingUrl(car, 40 + offset, 41 + offset, lng));
    await fillDriver(page, t);
    // The sandbox's card whose charge goes through but whose answer never comes back.
    await fillCard(page, t, '4000 0000 0000 0408');
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.pay }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.checkingTitle);
    const number = (await page.getByTestId('booking-number').textContent())!;
    await page.goto(`/my-bookings?lng=${lng}`);
    const item = page.getByRole('listitem', { name: new RegExp(number) });
    await expect(item.getByText(t.checkingNote)).toBeVisible();

    const staff = await browser.newContext();
    const desk = await staff.newPage();
    await desk.goto(`/admin?lng=${lng}`);
    await desk.getByLabel(t.staffEmail).fill(admin.email);
    await desk.getByLabel(t.staffPassword).fill(admin.password);
    await desk.getByRole('button', { name: t.staffSubmit }).click();
    await desk.getByRole('link', { name: t.checksNav }).click();
    await expect(desk.getByRole('rowheader', { name: number })).toBeVisible();
    expect(await axeViolations(desk)).toEqual([]);
    await desk.getByRole('button', { name: `${t.askNow} ${number}` }).click();
    // 1 confirmed; 0 only when the server's own minute job got there first (a charge settles after 30 s).
    // (The page has a second status line, for refunds of money that paid no booking.)
    await expect(desk.getByRole('status').filter({ hasText: t.askResult })).toBeVisible();
    await expect(desk.getByRole('rowheader', { name: number })).toHaveCount(0);
    await staff.close();

    await page.reload();
    await expect(item.getByText(t.confirmedBadge, { exact: true })).toBeVisible();
    await expect(item.getByText(t.checkingNote)).toHaveCount(0);
  });

  test(`[${lng}] a booking that costs nothing is confirmed at once: no transfer of ฿0, no card`, async ({
    page,
    request,
  }) => {
    // Staff give a code worth more than the rental (as a goodwill gesture would).
    const staffToken = (await (await request.post('/api/v1/auth/login', { data: admin })).json()).token;
    const code = `GIFT${lng.toUpperCase()}${Date.now().toString(36).toUpperCase()}`.slice(0, 30);
    const made = await request.post('/api/v1/admin/promotions', {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { code, kind: 'amount', value: 100_000, startsOn: day(-1) },
    });
    expect(made.ok()).toBe(true);
    await signUp(request, page, lng);
    const car = await findCar(request, 44 + offset, 45 + offset);
    await page.goto(bookingUrl(car, 44 + offset, 45 + offset, lng));
    await fillDriver(page, t);
    // One day is "1 day", not "1 days".
    await expect(page.getByTestId('price-breakdown').getByText(t.oneDay)).toBeVisible();
    await page.getByRole('button', { name: t.havePromo }).click();
    await page.getByRole('textbox', { name: t.promo, exact: true }).fill(code);
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByTestId('price-total')).toHaveText(/^\D*0(\.00)?\D*$/);
    await expect(page.getByTestId('nothing-to-pay')).toHaveText(t.nothingToPay);
    await expect(page.getByLabel(t.cardNumber)).toHaveCount(0);
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t.paidTitle);
    await expect(page.getByTestId('bank-account-number')).toHaveCount(0);
    await expect(page.getByLabel(t.slip)).toHaveCount(0);
  });

  test(`[${lng}] bank transfer, then a slip upload`, async ({ page, request }) => {
    await signUp(request, page, lng);
    const car = await findCar(request, 14 + offset, 15 + offset);
    // Paid by transfer or PromptPay: a group with a car to spare (decision 3102).
    await roomForUnpaidHold(request, { carModelId: car.id, branchCode: car.branch });
    await page.goto(bookingUrl(car, 14 + offset, 15 + offset, lng));
    await fillDriver(page, t);
    await page.getByRole('radio', { name: t.transfer }).check();
    await expect(page.getByText(t.transferWindow)).toBeVisible();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t.title);
    await expect(page.getByTestId('bank-account-number')).not.toBeEmpty();
    await page
      .getByLabel(t.slip)
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture() });
    await page.getByRole('button', { name: t.upload }).click();
    await expect(page.getByRole('status').filter({ hasText: t.slipDone })).toBeVisible();
  });

  test(`[${lng}] PromptPay shows the QR only after confirming`, async ({ page, request }) => {
    await signUp(request, page, lng);
    const car = await findCar(request, 16 + offset, 17 + offset);
    // Paid by transfer or PromptPay: a group with a car to spare (decision 3102).
    await roomForUnpaidHold(request, { carModelId: car.id, branchCode: car.branch });
    await page.goto(bookingUrl(car, 16 + offset, 17 + offset, lng));
    await fillDriver(page, t);
    await page.getByRole('radio', { name: t.promptpay }).check();
    await expect(page.getByRole('img', { name: t.qr })).toHaveCount(0);
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('img', { name: t.qr })).toBeVisible();
    await expect(page.getByText(t.awaiting).first()).toBeVisible();
  });

  test(`[${lng}] rejected code, invalid and declined cards`, async ({ page, request }) => {
    await signUp(request, page, lng);
    const car = await findCar(request, 18 + offset, 19 + offset);
    await page.goto(bookingUrl(car, 18 + offset, 19 + offset, lng));
    await fillDriver(page, t);
    await page.getByRole('button', { name: t.havePromo }).click();
    await page.getByRole('textbox', { name: t.promo, exact: true }).fill('NOTACODE');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.invalidPromo })).toBeVisible();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await fillCard(page, t, '4242 4242 4242 4241');
    await page.getByRole('button', { name: t.pay }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.invalidCard })).toBeVisible();
    await fillCard(page, t, '4000 0000 0000 0002');
    await page.getByRole('button', { name: t.pay }).click();
    // The booking keeps its car: its own page says why and takes another card (decision 3530).
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByRole('alert').filter({ hasText: t.declined })).toBeVisible();
  });

  test(`[${lng}] says when the car was taken meanwhile, with a way back`, async ({ page, request }) => {
    const { token } = await signUp(request, page, lng);
    const from = 30 + offset;
    const car = await findCar(request, from, from + 1);
    await page.goto(bookingUrl(car, from, from + 1, lng));
    await fillDriver(page, t);
    // Someone else takes every unit while this customer fills in the form (paying by card,
    // so the unpaid-hold limits do not stop them first).
    for (let i = 0; i < 20; i++) {
      const res = await request.post('/api/v1/guest/bookings/create', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          carModelId: car.id,
          branchCode: car.branch,
          pickupDate: day(from),
          returnDate: day(from + 1),
          paymentMethod: 'card',
          // The sandbox's token for 4242 4242 4242 4242, as the booking page makes it.
          cardToken: sandboxCardToken('4242 4242 4242 4242'),
          acceptTerms: true,
          addons: [],
          driver: {
            firstName: 'A',
            lastName: 'B',
            email: 'a@example.com',
            phone: '0812345678',
            idNumber: 'AB123456',
            birthDate: '1990-05-14',
            licenceNumber: '58012345',
            licenceCountry: 'TH',
            licenceIssued: '2015-06-01',
            licenceExpiry: '2036-05-31',
          },
        },
      });
      if (res.status() === 409) break;
      expect(res.status()).toBe(200);
    }
    await page.getByRole('radio', { name: t.transfer }).check();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.unavailable }).first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: lng === 'en' ? 'Choose other dates' : 'เลือกวันอื่น' }),
    ).toHaveAttribute('href', `/cars/${car.id}`);
  });

  test(`[${lng}] incomplete booking data sends the customer back`, async ({ page, request }) => {
    await signUp(request, page, lng);
    await page.goto(`/booking/1?lng=${lng}`);
    await expect(page.getByText(t.incomplete)).toBeVisible();
  });
}

test('[zh] the booking summary speaks Chinese', async ({ page, request }) => {
  await signUp(request, page, 'zh');
  const car = await findCar(request, 50, 52);
  await page.goto(bookingUrl(car, 50, 52, 'zh'));
  await expect(page.getByRole('heading', { level: 1, name: '预订摘要' })).toBeVisible();
  await expect(page.getByText(/测试模式：不会真实扣款/)).toBeVisible();
  await expect(page.getByRole('button', { name: '付款并确认' })).toBeVisible();
  await page.getByRole('button', { name: '付款并确认' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请同意条款与条件' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '请输入身份证或护照号码' })).toBeVisible();
});

test('[en] booking pages pass axe (WCAG 2 AA)', async ({ page, request }) => {
  await signUp(request, page, 'en');
  const car = await findCar(request, 60, 61);
  // Paid by PromptPay: a group with a car to spare (decision 3102).
  await roomForUnpaidHold(request, { carModelId: car.id, branchCode: car.branch });
  await page.goto(bookingUrl(car, 60, 61, 'en'));
  await expect(page.getByTestId('price-total')).toBeVisible();
  const scan = () => axeViolations(page, ['wcag2a', 'wcag2aa']);
  expect(await scan()).toEqual([]);
  await page.getByLabel(texts.en.idNumber).fill('1103700012345');
  await fillLicence(page);
  await page.getByRole('radio', { name: texts.en.promptpay }).check();
  await page.getByRole('checkbox', { name: texts.en.terms }).check();
  await page.getByRole('button', { name: texts.en.confirm }).click();
  await expect(page.getByRole('img', { name: texts.en.qr })).toBeVisible();
  expect(await scan()).toEqual([]);
  await page.goto('/my-bookings?lng=en');
  await expect(page.getByRole('button', { name: texts.en.cancel })).toBeVisible();
  expect(await scan()).toEqual([]);
});

test("[en → th] the booking page's messages follow a switch of language, and what was typed stays", async ({
  page,
  request,
}) => {
  await signUp(request, page, 'en');
  const car = await findCar(request, 64, 65);
  await page.goto(bookingUrl(car, 64, 65, 'en'));
  await page.getByLabel(texts.en.cardName).fill('SOMCHAI JAIDEE');
  await page.getByRole('button', { name: texts.en.pay }).click();
  await expect(page.getByText('Please check the highlighted fields.')).toBeVisible();
  await expect(page.getByText('Please enter ID card or passport number')).toBeVisible();
  // The form stays on the page through the switch: the extras' names in Thai come after it, and the
  // form showing its loading line meanwhile would drop the reader's place on the page (decision 3706).
  await page.evaluate(() => {
    const form = document.getElementById('booking-form')!;
    new MutationObserver(() => {
      if (!form.isConnected) Object.assign(window, { formGone: true });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('language-switcher').first().selectOption('th');
  await expect(page.getByText('กรุณาตรวจสอบช่องที่ทำเครื่องหมายไว้')).toBeVisible();
  await expect(page.getByText('กรุณากรอกเลขบัตรประชาชนหรือเลขหนังสือเดินทาง')).toBeVisible();
  await expect(page.getByText('กรุณายอมรับข้อกำหนดและเงื่อนไข')).toBeVisible();
  await expect(page.getByLabel(texts.th.cardName)).toHaveValue('SOMCHAI JAIDEE');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => 'formGone' in window), 'the form left the page').toBe(false);
});
