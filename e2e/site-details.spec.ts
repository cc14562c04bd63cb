import { expect, test } from './fixtures';

// Issue 19's rough edges of the content pages, in Thai and English.

const texts = {
  en: {
    packages: ['1-3 vehicles', '4-10 vehicles', '11 or more vehicles'],
    vehicles: 'Number of vehicles',
    articleMissing: 'Article not found',
    allArticles: 'All articles',
    articlesTitle: 'Articles',
    email: 'Email',
    badEmail: 'Please enter a valid email address',
    sendMessage: 'Send message',
    requestQuote: 'Request a quote',
  },
  th: {
    packages: ['1-3 คัน', '4-10 คัน', '11 คันขึ้นไป'],
    vehicles: 'จำนวนรถที่ต้องการ',
    articleMissing: 'ไม่พบบทความ',
    allArticles: 'บทความทั้งหมด',
    articlesTitle: 'บทความ',
    email: 'อีเมล',
    badEmail: 'กรุณากรอกอีเมลให้ถูกต้อง',
    sendMessage: 'ส่งข้อความ',
    requestQuote: 'ขอใบเสนอราคา',
  },
} as const;

for (const lng of ['en', 'th'] as const) {
  const t = texts[lng];

  test(`the corporate packages do not overlap and match the quote form's bands (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/corporate?lng=${lng}`);
    const packages = page.getByRole('region', { name: /Packages|แพ็กเกจ/ }).getByRole('listitem');
    for (const [i, range] of t.packages.entries()) await expect(packages.nth(i)).toContainText(range);
    // The form's first two bands are the first two packages, word for word.
    const options = await page.getByLabel(t.vehicles).locator('option').allTextContents();
    expect(options).toContain(t.packages[0]);
    expect(options).toContain(t.packages[1]);
  });

  test(`an unknown article says the article was not found and leads back to the articles (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/articles/no-such-article-here?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.articleMissing);
    await page.getByRole('link', { name: t.allArticles }).last().click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.articlesTitle);
  });

  test(`the contact and corporate forms refuse an address the API would refuse (a@b.c) in the visitor's language (${lng})`, async ({
    page,
  }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/guest\/(contact|corporate)/.test(r.url())) sent++;
    });
    for (const [path, button] of [
      ['/contact', t.sendMessage],
      ['/corporate', t.requestQuote],
    ] as const) {
      await page.goto(`${path}?lng=${lng}`);
      await page.getByRole('main').getByLabel(t.email, { exact: true }).fill('a@b.c');
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByText(t.badEmail)).toBeVisible();
    }
    expect(sent).toBe(0);
  });

  test(`deal prices keep their satang and one symbol: ฿756.50, never "THB 757" (${lng})`, async ({
    page,
  }) => {
    // Read from the API: other journeys change demo prices while this one runs.
    const deals = (await (await page.request.get('/api/v1/guest/promotions/current')).json()).response
      .data as {
      dealPricePerDay: string;
    }[];
    const withSatang = deals.find((d) => !d.dealPricePerDay.endsWith('.00'));
    expect(withSatang, 'a running deal whose price has satang (the demo data has several)').toBeTruthy();
    const [whole, satang] = withSatang!.dealPricePerDay.split('.');
    const shown = `฿${Number(whole).toLocaleString('en-US')}.${satang}`;
    await page.goto(`/promotions?lng=${lng}`);
    await expect(page.getByText(shown).first()).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('THB');
  });
}
