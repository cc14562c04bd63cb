import type { Locator, Page, Route } from '@playwright/test';
import { allowFor } from '../apps/api/test/time-allowance';

/*
 * For journeys that check a page shows once, whole (decision 3706): nothing below moves as its late
 * parts land. steady-pages.spec.ts and deposit-online-promptpay.spec.ts use them.
 */

/**
 * Where each of `testIds` stands in the page (its top, from the top of the document), recorded at every
 * frame it moves from the moment it first shows. Below the fold on a phone: the browser's own
 * layout-shift record counts only what moves on screen, and a person scrolls there before tapping.
 */
export async function watchPlaces(page: Page, testIds: string[]) {
  await page.addInitScript((ids) => {
    const seen: Record<string, number[]> = {};
    Object.assign(window, { placesSeen: seen });
    const watch = () => {
      for (const id of ids) {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el) continue;
        const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
        const tops = (seen[id] ??= []);
        if (tops.at(-1) !== top) tops.push(top);
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, testIds);
  return () =>
    page.evaluate(() => (window as unknown as { placesSeen: Record<string, number[]> }).placesSeen);
}

/**
 * A route handler that holds an answer until `shown` is on the page. A page that rightly waits for the
 * answer shows nothing meanwhile, so the hold ends after a while instead: on a machine too slow to show
 * the page by then, the journey proves less, never fails wrongly.
 */
export const holdFor = () => allowFor(1_500);
export const holdUntil = (shown: Locator) => async (route: Route) => {
  await shown.waitFor({ timeout: holdFor() }).catch(() => undefined);
  await route.continue();
};
