import { axeViolations, expect, test } from './fixtures';

/**
 * The journeys' accessibility check (`axeViolations`) is only worth its silence if it speaks: on a page of
 * the site with three faults put in by hand, a control without a name, a text too pale to read and an
 * image without a text, it names each one; and it names nothing once they are gone. It runs axe in the
 * page itself with violations only (decision 3708), so this is the check that the cheaper way still
 * finds what the whole one did.
 */
test('the accessibility check names a control without a name, too little contrast and an image without a text (th)', async ({
  page,
}) => {
  await page.goto('/about?lng=th');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const faults = document.createElement('section');
    faults.id = 'faults';
    faults.innerHTML = `
      <button id="nameless" type="button"><svg width="16" height="16" aria-hidden="true"></svg></button>
      <p id="pale">ข้อความสีจางบนพื้นขาว</p>
      <img id="unnamed" src="/images/cars/fallback-1-400.webp" width="40" height="25">`;
    main.append(faults);
    // Set through the CSSOM: the site's Content-Security-Policy refuses inline style attributes.
    const pale = document.getElementById('pale')!;
    pale.style.color = '#c8c8c8';
    pale.style.backgroundColor = '#ffffff';
    faults.scrollIntoView();
  });
  const found = await axeViolations(page);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^button-name: .*#nameless/),
      expect.stringMatching(/^color-contrast: .*#pale/),
      expect.stringMatching(/^image-alt: .*#unnamed/),
    ]),
  );
  await page.evaluate(() => document.getElementById('faults')!.remove());
  expect(await axeViolations(page)).toEqual([]);
});
