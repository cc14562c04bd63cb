import type { Quote } from '@siam/contract/bookings';
import { useTranslation } from '../../lib/use-translation';
import { useFormat } from '../bookings/format';
import { DepositNote, PriceBreakdown } from '../bookings/price-breakdown';
import { FormSection } from './form-section';

interface PriceProps {
  quote: Quote | undefined;
  /** No price yet. */
  pending: boolean;
  /** The quote's refusal when no field says it already (a time's refusal is said at the time). */
  problem: string | undefined;
}

/**
 * The server's quote beside the form (below it on a phone, folded to the car and the total, which
 * the pay bar shows anyway), with the pay button from `lg` up.
 */
export function PriceAside({
  quote,
  pending,
  updating,
  problem,
  button,
}: PriceProps & {
  /** The price shown is the last one, kept in place while the one for the new choices is asked. */
  updating: boolean;
  button: React.ReactNode;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <aside className="lg:sticky lg:top-24 lg:self-start">
      <div className="[&>section]:bg-sand-50">
        <FormSection
          title={t('summary.priceTitle')}
          summary={quote ? `${quote.carName} · ${f.baht(quote.total)}` : ''}
          hasError={problem !== undefined}
        >
          {quote && (
            <div className="space-y-1 text-slate-800">
              <p className="font-semibold">{quote.carName}</p>
              <p>{quote.branchName}</p>
              <p>
                {t('details.pickup')}: {f.date(quote.pickupDate)} {quote.pickupTime}
              </p>
              <p>
                {t('details.return')}: {f.date(quote.returnDate)} {quote.returnTime}
              </p>
            </div>
          )}
          <div className="mt-4">
            {pending && <p aria-busy="true">{t('summary.loading')}</p>}
            {problem && (
              <p role="alert" className="text-red-800">
                {problem}
              </p>
            )}
            {quote && <PriceBreakdown price={quote} updating={updating} />}
            {quote && <DepositNote deposit={{ amount: quote.deposit }} />}
          </div>
          <div className="hidden lg:block">{button}</div>
        </FormSection>
      </div>
    </aside>
  );
}

/**
 * A phone's bar at the bottom of the screen: the total (the server's quote for the choices of the
 * moment) and the pay button, in reach of a thumb wherever the form is scrolled (decision 3520).
 */
export function PayBar({
  quote,
  pending,
  button,
}: Omit<PriceProps, 'problem'> & { button: React.ReactNode }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:hidden"
      data-testid="pay-bar"
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-3">
        <p className="min-w-0" aria-live="polite">
          <span className="block text-sm text-slate-700">{t('price.total')}</span>
          <span
            className="text-lg font-semibold"
            data-testid="pay-bar-total"
            aria-busy={pending || undefined}
          >
            {quote ? f.baht(quote.total) : '…'}
          </span>
        </p>
        <div className="shrink-0">{button}</div>
      </div>
    </div>
  );
}
