import AxeBuilder from '@axe-core/playwright';
import { test as base, type Page } from '@playwright/test';
import { machineSlowdown } from '../apps/api/test/time-allowance';

export * from '@playwright/test';

/**
 * The server renders the landing pages (home, listing, car) to HTML, and React
 * makes their buttons work a moment later (hydration). A person on a phone
 * waits for the page to settle; a test clicks at once. So every page load a
 * journey makes waits until the page is live: `<html data-hydrated>`, which
 * the site's frame sets (apps/web/src/app/layout/root-layout.tsx). A page the
 * browser renders by itself has no server HTML to wait for.
 */
export async function untilLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('root')?.hasAttribute('data-ssr') ||
      document.documentElement.hasAttribute('data-hydrated'),
  );
}

/** How busy the machine was when this worker loaded playwright.config.ts, which sized the limits by it. */
const slowdownAtStart = machineSlowdown();

export const test = base.extend<{ limitsByLoad: void }>({
  // A worker sizes the journeys' limits once, when it starts (playwright.config.ts); a run joined later by
  // other work (another build, a CPU-heavy process) would keep limits sized for the quiet start. Each
  // journey's limit is stretched by how much busier the machine is when it starts. A journey that sets
  // its own limit with allowFor() in its body sizes it by the load then anyway.
  limitsByLoad: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, testInfo) => {
      const busier = machineSlowdown() / slowdownAtStart;
      if (busier > 1) testInfo.setTimeout(Math.round(testInfo.timeout * busier));
      await use();
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    // A server page that the browser's first render does not match is a bug
    // even though React repairs it (apps/web/src/main.tsx reports it).
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('[siam] hydration'))
        hydrationErrors.push(`${page.url()}: ${message.text()}`);
    });
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilLive(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilLive(page);
      return response;
    };
    await use(page);
    base.expect(hydrationErrors, 'the server-rendered HTML matched the first render').toEqual([]);
  },
});

/**
 * What axe finds on the page against these WCAG rules, one line per rule with
 * the elements it failed on. The whole page is drawn first: the site leaves
 * sections below the first screen undrawn until the reader scrolls near
 * (`content-visibility: auto`), and axe would judge their text against a
 * background it cannot see.
 */
export async function axeViolations(
  page: Page,
  tags: string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
): Promise<string[]> {
  await page.evaluate(async () => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('*')))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  // axe.run in the page itself, violations only: the same rules on the same document (and its same-origin
  // frames; the site has none of its own, a provider's cross-origin one is theirs to check). AxeBuilder's
  // default runs axe in each frame, then again in a new blank page to merge, and sends back every pass and
  // inapplicable rule with its elements: 0.9-2.0 CPU-s a call against 0.7, and axe is the largest single cost
  // of the journeys (decision 3708).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(tags)
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * For a journey whose languages differ only in their words: run it in full once per language, Thai and
 * Chinese on the phone (the mobile project), English on the desktop (decision 3700). At the top of a
 * describe: `test.skip(notThisLanguagesProject(lng), '…')`; it reads no browser, so a skipped pair costs nothing.
 */
export const notThisLanguagesProject =
  (lng: string) =>
  ({ isMobile }: { isMobile: boolean }) =>
    isMobile !== (lng !== 'en');
