import { useTranslation } from '../../lib/use-translation';
import { addonLabel } from './addon-label';
import type { Quote } from '@siam/contract/bookings';
import type { BookingDeposit } from '@siam/contract/deposits';
import { useFormat } from './format';

type Priced = Pick<
  Quote,
  | 'days'
  | 'pricePerDay'
  | 'rentalAmount'
  | 'priceRules'
  | 'hotDealPercent'
  | 'hotDealDiscount'
  | 'addons'
  | 'promoDiscount'
  | 'fees'
  | 'total'
  | 'vat'
> & { promoCode: string | null };

/**
 * The security deposit in words: before pickup what will be taken and how; then where it stands
 * (held, returned, returned but for what was kept and why). Never part of the total.
 */
export function DepositNote({
  deposit,
}: {
  deposit: Pick<BookingDeposit, 'amount'> & Partial<BookingDeposit>;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  if (deposit.amount <= 0) return null;
  const amount = f.baht(deposit.amount);
  const company = deposit.coveredBy;
  // Billed to the company (decision 3662): nothing was taken from the driver, so nothing "returned".
  const covered =
    company &&
    (deposit.state === 'partly_released'
      ? t('deposit.coveredKept', {
          kept: f.baht(deposit.kept ?? 0),
          company,
          reason: deposit.keptReason ?? '',
        })
      : deposit.state === 'released'
        ? t('deposit.coveredNothingKept', { company })
        : t('deposit.coveredBy', { amount, company }));
  const text =
    covered ||
    (deposit.state === 'held'
      ? t(`deposit.held.${deposit.method ?? 'cash'}`, { amount })
      : deposit.state === 'released'
        ? t('deposit.released', { amount })
        : deposit.state === 'partly_released'
          ? t('deposit.partlyReleased', {
              returned: f.baht(deposit.amount - (deposit.kept ?? 0)),
              kept: f.baht(deposit.kept ?? 0),
              reason: deposit.keptReason ?? '',
            })
          : t('deposit.due', { amount }));
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="deposit">
      {text}
    </p>
  );
}

/** The server's price breakdown: rental, hot deal, extras, code, total with the VAT part said once. */
export function PriceBreakdown({
  price,
  updating = false,
}: {
  price: Priced;
  /** An older price, shown faded while the new one is asked (the booking form). */
  updating?: boolean;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <div
      data-testid="price-breakdown"
      aria-busy={updating || undefined}
      className={updating ? 'opacity-60 transition-opacity' : undefined}
    >
      <dl className="space-y-2 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{t('price.rental', { count: price.days, price: f.baht(price.pricePerDay) })}</dt>
          <dd>{f.baht(price.rentalAmount)}</dd>
        </div>
        {price.priceRules.map((rule, i) => (
          <div key={i} className={`flex justify-between gap-4 ${rule.amount < 0 ? 'text-green-800' : ''}`}>
            <dt>
              {rule.kind === 'late'
                ? t('price.rules.late', { name: rule.label, count: rule.hours, percent: `${rule.percent}%` })
                : t(rule.percent === null ? 'price.ruleFixed' : `price.rules.${rule.kind}`, {
                    name: rule.label,
                    count: rule.days,
                    percent: `${rule.percent !== null && rule.percent > 0 ? '+' : ''}${rule.percent ?? ''}%`,
                  })}
            </dt>
            <dd className="whitespace-nowrap">
              {rule.amount < 0 ? `−${f.baht(-rule.amount)}` : `+${f.baht(rule.amount)}`}
            </dd>
          </div>
        ))}
        {price.hotDealDiscount > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t('price.hotDeal', { percent: price.hotDealPercent })}</dt>
            <dd>−{f.baht(price.hotDealDiscount)}</dd>
          </div>
        )}
        {price.addons.map((a) => (
          <div key={a.code} className="flex justify-between gap-4">
            <dt>{addonLabel(a)}</dt>
            <dd>{a.amount === 0 ? t('summary.free') : f.baht(a.amount)}</dd>
          </div>
        ))}
        {price.promoDiscount > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t('price.promo', { code: price.promoCode })}</dt>
            <dd>−{f.baht(price.promoDiscount)}</dd>
          </div>
        )}
        {price.fees.map((fee) => (
          <div key={fee.code} className="flex justify-between gap-4">
            <dt>{t(`price.fees.${fee.code}`, { place: fee.label })}</dt>
            <dd>{f.baht(fee.amount)}</dd>
          </div>
        ))}
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
