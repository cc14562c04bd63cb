import type { QuoteBody } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { useQuote } from '../../catalog/catalog-api';
import { Card, ErrorNote, useFormats } from '../admin-ui';
import { satang } from '../bookings/booking-format';

/**
 * The walk-in's price, live as staff choose (issue 36 part 6): the site's own quote (the same call the
 * car page and booking form make), so times, extras, a one-way return and their fees are priced by the
 * server before any money is taken. Every line's words and amounts come from the quote.
 */
export function WalkInPrice({ body }: { body: QuoteBody | undefined }) {
  const { t } = useTranslation('admin');
  const { money } = useFormats();
  const quote = useQuote(body);
  const q = quote.data;
  return (
    <Card title={t('walkIn.price')}>
      <div data-testid="walk-in-price">
        {!body && <p className="text-slate-600">{t('walkIn.priceWaits')}</p>}
        {body && quote.isPending && <p className="text-slate-600">{t('walkIn.pricing')}</p>}
        {body && quote.error && <ErrorNote error={quote.error} />}
        {q && (
          <dl className="mt-2 space-y-1" aria-live="polite">
            <div className="flex justify-between gap-3">
              <dt>{t('walkIn.rental', { count: q.days })}</dt>
              <dd>{satang(money, q.rentalAmount)}</dd>
            </div>
            {q.hotDealDiscount > 0 && (
              <div className="flex justify-between gap-3">
                <dt>{t('walkIn.hotDeal', { percent: q.hotDealPercent })}</dt>
                <dd>−{satang(money, q.hotDealDiscount)}</dd>
              </div>
            )}
            {[...q.addons, ...q.fees].map((line) => (
              <div key={`${line.code}-${line.label}`} className="flex justify-between gap-3">
                <dt className="min-w-0 [overflow-wrap:anywhere]">{line.label}</dt>
                <dd>{satang(money, line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
              <dt>{t('walkIn.total')}</dt>
              <dd data-testid="walk-in-total">{satang(money, q.total)}</dd>
            </div>
          </dl>
        )}
        {q && (
          <p className="mt-1 text-sm text-slate-600">
            {t('walkIn.vatAndDeposit', { vat: satang(money, q.vat), deposit: satang(money, q.deposit) })}
          </p>
        )}
        {q && !q.available && (
          <p role="alert" className="field-error">
            {t('walkIn.notAvailable')}
          </p>
        )}
      </div>
    </Card>
  );
}
