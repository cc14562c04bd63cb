import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

const parts = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
};

/**
 * Days, hours, minutes and seconds until a deal ends, ticking each second.
 * At zero it stops and says the deal has ended (the card's caller may hide it).
 *
 * The first render counts from `answeredAt`, the time the deals were fetched,
 * not from the clock: the server's HTML (perhaps kept a minute in the page
 * cache) and the browser's hydration then draw the same figures, and nothing
 * mismatches. The browser's own clock takes over at the first tick, within a second.
 */
export function HotDealCountdown({
  endsAt,
  answeredAt,
  onEnd,
}: {
  endsAt: string;
  /** When the answer holding this deal was fetched (the query's dataUpdatedAt), in ms. */
  answeredAt: number;
  onEnd?: () => void;
}) {
  const { t } = useTranslation('home');
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(answeredAt);
  const left = end - now;
  useEffect(() => {
    if (left <= 0) {
      onEnd?.();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (Date.now() % 1000) || 1000);
    return () => clearTimeout(timer);
  }, [left, onEnd]);

  if (left <= 0)
    return (
      <p className="font-semibold text-slate-700" data-testid="deal-ended">
        {t('deals.ended')}
      </p>
    );
  const p = parts(left);
  return (
    <div role="timer" aria-label={t('deals.endsIn')} data-testid="deal-countdown">
      <p className="text-sm text-slate-700" aria-hidden>
        {t('deals.endsIn')}
      </p>
      <dl className="mt-1 grid grid-cols-4 gap-2 text-center">
        {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
          <div key={unit} className="flex flex-col-reverse rounded-lg bg-brand-900 px-1 py-2 text-white">
            <dt className="text-xs text-slate-100">{t(`deals.${unit}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-unit={unit}>
              {String(p[unit]).padStart(2, '0')}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
