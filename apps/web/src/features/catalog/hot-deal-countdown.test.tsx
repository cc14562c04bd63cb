import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HotDealCountdown } from './hot-deal-countdown';

/**
 * The home page's deal countdown is drawn by the server (its HTML kept up to a
 * minute in the page cache) and drawn again by the browser when it hydrates:
 * both must draw the same figures, or React throws the server's HTML away
 * (a hydration mismatch, seen as a flaky journey after a reload).
 */
describe('the hot deal countdown', () => {
  afterEach(() => vi.useRealTimers());

  const draw = async (clock: string) => {
    vi.useFakeTimers({ now: Date.parse(clock), toFake: ['Date'] });
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
    return renderToString(
      <I18nextProvider i18n={i18n}>
        <HotDealCountdown endsAt="2026-12-01T00:00:00Z" answeredAt={Date.parse('2026-11-26T10:00:00Z')} />
      </I18nextProvider>,
    );
  };

  it('draws the same figures whatever the clock says when it is drawn: it counts from the answer', async () => {
    const onServer = await draw('2026-11-26T10:00:00.200Z');
    const inBrowser = await draw('2026-11-26T10:01:07.900Z');
    expect(inBrowser).toBe(onServer);
    // 4 days 14 hours 0 minutes 0 seconds from the answer.
    expect(onServer.match(/data-unit="\w+">(\d+)</g)?.map((m) => m.replace(/\D/g, ''))).toEqual([
      '04',
      '14',
      '00',
      '00',
    ]);
  });
});
