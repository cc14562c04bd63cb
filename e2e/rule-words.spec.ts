import { expect, test, type APIRequestContext, type Page, axeViolations } from './fixtures';
import { businessRules } from '../packages/contract/src/business-rules';
import {
  cancellationRule,
  driverRulesByCategory,
  defaultDriverRules,
  lateReturnRule,
} from '../packages/contract/src/rental-rules';
import { carsInService, day, registerCustomer, signInBrowser } from './booking-fixtures';

/**
 * Issue 35 part 1 (decision 3505): the terms, a car's page and the booking form state the
 * cancellation fee, the payment windows, the driver rules and the late-return charge the server
 * applies. Each figure is read out of the page's own words, in Thai, English and Chinese, and
 * compared with the contract's constants, the ones the server charges with.
 */

type Lng = 'th' | 'en' | 'zh';

/** How each language says each rule; every group is a figure read from the page. */
const said: Record<
  Lng,
  {
    /** Free hours, the fee's percentage, the least fee in baht. */
    cancel: RegExp;
    transferHours: RegExp;
    walletMinutes: RegExp;
    /** Minutes of courtesy, then the percentage of a day's price an hour. */
    late: RegExp;
    /** Age and licence years: most cars, vans, luxury cars. */
    termsAges: RegExp;
    /** The car page's rule for this car: age, licence years. */
    carAges: RegExp;
    /** The booking form's rule for this car: age, licence years. */
    formAges: RegExp;
    /** A claim the product does not keep, gone from the terms. */
    gone: RegExp;
  }
> = {
  en: {
    cancel: /within (\d+) hours after booking[^]*?costs (\d+)% of (?:its|the) total,? \(?at least ฿([\d,]+)/,
    transferHours: /(?:slip (?:is due )?|bank transfers(?:, with the slip,)? )within (\d+) hours/,
    walletMinutes: /within (\d+) minutes/,
    late: /more than (\d+) minutes (?:after the booked time|late) costs (\d+)% of the daily price for each started hour/,
    termsAges: /(\d+) and (\d+) for most cars, (\d+) and (\d+) for vans, (\d+) and (\d+) for luxury cars/,
    carAges: /at least (\d+) years old on the pickup day, with a licence held at least (\d+)/,
    formAges: /Drivers of this car: (\d+) or older, licence held at least (\d+)/,
    gone: /50%|extra day/,
  },
  th: {
    cancel: /ยกเลิก(?:ฟรี)?ภายใน (\d+) ชั่วโมงหลังจอง[^]*?ค่าธรรมเนียม (\d+)% ของยอดรวม[ (]*ขั้นต่ำ ([\d,]+) บาท/,
    transferHours: /(?:สลิป|การโอนเงิน)ภายใน (\d+) ชั่วโมง/,
    walletMinutes: /ภายใน (\d+) นาที/,
    late: /เกิน (\d+) นาที คิด (\d+)% ของค่าเช่ารายวันต่อทุกชั่วโมงที่เริ่มนับ/,
    termsAges: /(\d+) ปีและ (\d+) ปีสำหรับรถทั่วไป (\d+) ปีและ (\d+) ปีสำหรับรถตู้ (\d+) ปีและ (\d+) ปีสำหรับรถหรู/,
    carAges: /อายุอย่างน้อย (\d+) ปีในวันรับรถ และมีใบขับขี่มาแล้วอย่างน้อย (\d+) ปี/,
    formAges: /ผู้ขับรถคันนี้: อายุ (\d+) ปีขึ้นไป มีใบขับขี่มาแล้วอย่างน้อย (\d+) ปี/,
    gone: /50%|อีก 1 วัน/,
  },
  zh: {
    cancel: /预订后 (\d+) 小时内(?:可免费取消|取消免费)[^]*?收取总额(?:的 | )(\d+)%[^]*?最低 ([\d,]+) 泰铢/,
    transferHours: /(\d+) ?小时内(?:上传付款凭证|付款并上传凭证)/,
    walletMinutes: /(\d+) ?分钟内/,
    late: /超过(?:预订还车时间 | )(\d+) 分钟(?:以上)?还车，每个开始计算的小时收取日租金的 (\d+)%/,
    termsAges: /一般车辆 (\d+) 岁、(\d+) 年，面包车 (\d+) 岁、(\d+) 年，豪华车 (\d+) 岁、(\d+) 年/,
    carAges: /年满 (\d+) 岁，驾龄至少 (\d+) 年/,
    formAges: /此车驾驶人要求：年满 (\d+) 岁，持有驾照至少 (\d+) 年/,
    gone: /50%|加收一天/,
  },
};

const van = driverRulesByCategory.van!;
const luxury = driverRulesByCategory.luxury!;
const cancelFigures = [
  cancellationRule.freeHours,
  cancellationRule.feePercent,
  cancellationRule.minFeeSatang / 100,
];
const lateFigures = [lateReturnRule.courtesyMinutes, lateReturnRule.percentPerHour];

/** The figures a pattern finds in a text, as numbers ("1,000" is 1000). */
function figures(text: string, pattern: RegExp): number[] {
  const found = pattern.exec(text);
  expect(found, `${pattern} in: ${text.slice(0, 2000)}`).not.toBeNull();
  return found!.slice(1).map((n) => Number(n.replace(/,/g, '')));
}

async function fitsAndPassesAxe(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
}

/** A van in service (its category asks more of drivers than the default). */
async function aVan(request: APIRequestContext) {
  for (const c of await carsInService(request)) {
    const car = (await (await request.get(`/api/v1/guest/cars/${c.carModelId}`)).json()).response.data as {
      category_slug: string;
    };
    if (car.category_slug === 'van') return c;
  }
  throw new Error('No van in service in the demo data');
}

// The words are the same at every width (a phone folds the form's rules, their text stays): each language
// is read once, Thai and Chinese on a phone and English on a desktop, so both sizes are walked (decision
// 3700's rule: one walk per path, the words per language). Every width's fit is phone-layout.spec.ts's.
const widthFor: Record<Lng, number> = { th: 390, en: 1280, zh: 390 };
for (const lng of ['th', 'en', 'zh'] as const) {
  const width = widthFor[lng];
  const w = said[lng];
  test.describe(`[${lng}, ${width} px]`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the terms state the rules the server applies', async ({ page }) => {
      await page.goto(`/terms?lng=${lng}`);
      // The terms' texts come with the page's chunk, a moment after the frame: read them once shown.
      await expect(page.locator('main')).toContainText(w.cancel);
      const text = await page.locator('main').innerText();
      expect(figures(text, w.cancel)).toEqual(cancelFigures);
      expect(figures(text, w.transferHours)).toEqual([businessRules.transferHoldHours]);
      expect(figures(text, w.walletMinutes)).toEqual([businessRules.promptPayHoldMinutes]);
      expect(text).toContain(lng === 'zh' ? '支付宝' : 'Alipay');
      expect(figures(text, w.late)).toEqual(lateFigures);
      expect(figures(text, w.termsAges)).toEqual([
        defaultDriverRules.minAge,
        defaultDriverRules.minLicenceYears,
        van.minAge,
        van.minLicenceYears,
        luxury.minAge,
        luxury.minLicenceYears,
      ]);
      // Licences by country (decision 3601): the terms name the countries whose licence is enough alone
      // (Malaysia, an ASEAN country) and those where a translation may stand in for a permit (China).
      for (const country of {
        en: ['Malaysia', 'China'],
        th: ['มาเลเซีย', 'จีน'],
        zh: ['马来西亚', '中国'],
      }[lng])
        expect(text).toContain(country);
      expect(text).not.toMatch(w.gone);
      await fitsAndPassesAxe(page);
    });

    test("a van's page and its booking form state the rules the server applies", async ({
      page,
      request,
    }) => {
      const car = await aVan(request);
      await page.goto(`/cars/${car.carModelId}?lng=${lng}`);
      const rules = page.getByTestId('rental-rules');
      await expect(rules).toBeVisible();
      const text = await rules.innerText();
      expect(figures(text, w.carAges)).toEqual([van.minAge, van.minLicenceYears]);
      expect(figures(text, w.cancel)).toEqual(cancelFigures);
      expect(figures(text, w.transferHours)).toEqual([businessRules.transferHoldHours]);
      expect(figures(text, w.walletMinutes)).toEqual([businessRules.promptPayHoldMinutes]);
      expect(figures(text, w.late)).toEqual(lateFigures);
      await fitsAndPassesAxe(page);

      const customer = await registerCustomer(request, `rule-words-${lng}-${width}`, lng);
      await signInBrowser(page, customer);
      await page.goto(
        `/booking/${car.carModelId}?pickup=${day(40)}&return=${day(42)}&branch=${car.branchCode}&lng=${lng}`,
      );
      const form = page.getByTestId('booking-rules');
      await expect(form).toBeVisible();
      // On a phone the form folds all but the cancellation rule: the words are there all the same.
      const formText = (await form.textContent()) ?? '';
      expect(figures(formText, w.cancel)).toEqual(cancelFigures);
      expect(figures(formText, w.transferHours)).toEqual([businessRules.transferHoldHours]);
      expect(figures(formText, w.walletMinutes)).toEqual([businessRules.promptPayHoldMinutes]);
      expect(figures(formText, w.late)).toEqual(lateFigures);
      // The car's own rule comes with its quote, a moment after the form.
      await expect(page.locator('main')).toContainText(w.formAges);
      const whole = await page.locator('main').innerText();
      expect(figures(whole, w.formAges)).toEqual([van.minAge, van.minLicenceYears]);
      await fitsAndPassesAxe(page);
    });
  });
}
