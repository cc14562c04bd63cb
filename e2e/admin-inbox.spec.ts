import { readFileSync } from 'node:fs';
import { expect, test, type Page, axeViolations } from './fixtures';
import { unique, waitForMail } from './mail';
import { admin } from './booking-fixtures';
import { allowFor } from '../apps/api/test/time-allowance';

/** The public forms ignore posts sent faster than a person could type them. */
const MIN_FILL_MS = 3_100;

async function signInAsAdmin(page: Page) {
  await page.goto('/admin?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
}

test('a company asks for a quote; an admin answers it from the inbox and it shows as handled', async ({
  page,
}) => {
  // A long journey (a visitor's form, an admin's sign-in, two axe scans, a mail): about 30 s on two busy cores.
  test.setTimeout(allowFor(90_000));
  const email = unique('inbox-quote');
  const company = `Chao Phraya Logistics ${Date.now().toString(36)}`;

  // A visitor on the public corporate page.
  await page.goto('/corporate?lng=en');
  const form = page.getByRole('main');
  await form.getByLabel('Company name', { exact: true }).fill(company);
  await form.getByLabel('Contact name', { exact: true }).fill('Suda Wongsa');
  await form.getByLabel('Position', { exact: true }).fill('Office manager');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('081-234-5678');
  await form.getByLabel('Number of vehicles').selectOption('4-10');
  await form.getByLabel('Message (optional)').fill('Eight pickups for 12 months, Bangkok and Chonburi.');
  await page.waitForTimeout(MIN_FILL_MS);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByRole('status')).toContainText('Our corporate team will contact you');

  // An admin finds it from the Today screen.
  await signInAsAdmin(page);
  const todayInbox = page.getByTestId('today-inbox');
  await expect(todayInbox).toContainText(/Quote requests not handled: [1-9]/);
  await todayInbox.getByRole('link', { name: /Quote requests not handled/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\?kind=quotes&state=open/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveValue('quotes');
  await expect(page.getByLabel('State')).toHaveValue('open');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: company }).click();

  // The request in full.
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(page.getByText('Suda Wongsa')).toBeVisible();
  await expect(page.getByTestId('inbox-message')).toHaveText(
    'Eight pickups for 12 months, Bangkok and Chonburi.',
  );
  await expect(page.getByTestId('inbox-state')).toHaveText('Not handled yet.');
  await expectNoAxeViolations(page);

  // An internal note first: nobody is emailed, still not handled.
  await page.getByLabel('New internal note').fill('Called Khun Suda: wants pickups from March.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('inbox-notes')).toContainText('Called Khun Suda: wants pickups from March.');
  await expect(page.getByTestId('inbox-notes')).toContainText('Note by admin@siamdrive.test');
  await expect(page.getByTestId('inbox-state')).toHaveText('Not handled yet.');

  // The answer: emailed, kept as a note, handled.
  const answer = 'Eight Toyota Hilux Revo for 12 months: 16,500 THB per car per month, VAT included.';
  await page.getByLabel('Your answer').fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Answer sent.')).toBeVisible();
  await expect(page.getByTestId('inbox-state')).toContainText('Handled by admin@siamdrive.test');
  await expect(page.getByTestId('inbox-notes')).toContainText(answer);
  await expect(page.getByTestId('inbox-notes')).toContainText('Answer emailed by admin@siamdrive.test');
  await expect(page.getByRole('button', { name: 'Mark as not handled' })).toBeVisible();
  const mail = await waitForMail(email, /About your corporate quote request/);
  expect(mail.text).toContain('Dear Suda Wongsa');
  expect(mail.text).toContain(answer);

  // It is now among the handled ones, not among the open ones.
  await page.getByRole('link', { name: '← Back to the inbox' }).click();
  await page.getByLabel('Type').selectOption('quotes');
  await page.getByLabel('State').selectOption('open');
  await expect(page.getByTestId('inbox-list').or(page.getByText('Nothing here'))).toBeVisible();
  await expect(page.getByRole('link', { name: company })).toHaveCount(0);
  await page.getByLabel('State').selectOption('handled');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: company }) });
  await expect(row).toContainText('Handled');
  await expect(row).toContainText(email);
});

test('an admin exports the confirmed newsletter subscribers as CSV', async ({ page, request }) => {
  // One confirmed and one pending subscriber, through the public sign-up and the confirmation mail.
  const confirmed = unique('inbox-news-ok');
  const pending = unique('inbox-news-wait');
  // As the footer form does: a token when the form is shown, the post a person's moment later.
  const formToken = (await (await request.get('/api/v1/guest/form-token')).json()).response.data.token;
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  for (const email of [confirmed, pending]) {
    const res = await request.post('/api/v1/guest/newsletter', {
      data: { email, language: 'th', website: '', formToken },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const mail = await waitForMail(confirmed, /./);
  const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  expect((await request.post('/api/v1/guest/newsletter/confirm', { data: { token } })).ok()).toBe(true);

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter subscribers' })).toBeVisible();
  await expect(page.getByTestId('newsletter-counts')).toContainText('Confirmed');
  await page.getByLabel('Status').selectOption('confirmed');
  await expect(page.getByRole('rowheader', { name: confirmed })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: pending })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export confirmed (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-confirmed-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('email,language,confirmed_at');
  expect(lines.find((l) => l.startsWith(`${confirmed},`))).toMatch(
    new RegExp(`^${confirmed.replace(/[.+]/g, '\\$&')},th,\\d{4}-\\d{2}-\\d{2}T`),
  );
  expect(csv).not.toContain(pending);
});
