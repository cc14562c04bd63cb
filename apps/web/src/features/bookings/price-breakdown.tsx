import { useTranslation } from '../../lib/use-translation';
import type { Quote } from '@siam/contract/bookings';
import { useFormat } from './format';

type Priced = Pick<
  Quote,
  | 'days'
  | 'pricePerDay'
  | 'rentalAmount'
  | 'hotDealPercent'
  | 'hotDealDiscount'
  | 'addons'
  | 'promoDiscount'
  | 'total'
  | 'vat'
> & { promoCode: string | null };

/** The server's price breakdown: rental, hot deal, extras, code, total with the VAT part said once. */
export function PriceBreakdown({ price }: { price: Priced }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <div data-testid="price-breakdown">
      <dl className="space-y-2 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{t('price.rental', { count: price.days, price: f.baht(price.pricePerDay) })}</dt>
          <dd>{f.baht(price.rentalAmount)}</dd>
        </div>
        {price.hotDealDiscount > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t('price.hotDeal', { percent: price.hotDealPercent })}</dt>
            <dd>−{f.baht(price.hotDealDiscount)}</dd>
          </div>
        )}
        {price.addons.map((a) => (
          <div key={a.code} className="flex justify-between gap-4">
            <dt>{a.label}</dt>
            <dd>{a.amount === 0 ? t('summary.free') : f.baht(a.amount)}</dd>
          </div>
        ))}
        {price.promoDiscount > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t('price.promo', { code: price.promoCode })}</dt>
            <dd>−{f.baht(price.promoDiscount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-semibold">
          <dt>{t('price.total')}</dt>
          <dd data-testid="price-total">{f.baht(price.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-600">{t('price.vat', { amount: f.baht(price.vat) })}</p>
    </div>
  );
}

/** Status in words and colour (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('booking');
  const tone: Record<string, string> = {
    confirmed: 'bg-green-100 text-green-900',
    active: 'bg-brand-50 text-brand-800',
    awaiting_payment: 'bg-amber-100 text-amber-900',
    completed: 'bg-slate-200 text-slate-800',
    cancelled: 'bg-red-100 text-red-900',
    expired: 'bg-red-100 text-red-900',
    payment_failed: 'bg-red-100 text-red-900',
  };
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone[status] ?? 'bg-slate-100'}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
