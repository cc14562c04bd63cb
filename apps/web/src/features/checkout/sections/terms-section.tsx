import { useState } from 'react';
import { Trans } from 'react-i18next';
import { sitePaths } from '@siam/contract/site-routes';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingForm, Say } from '../booking-resolver';
import { FormSection } from '../form-section';

/**
 * The rules every customer accepts, in short, and the box they tick (the terms in a new tab). On a
 * phone the cancellation rule the box names stays in view, with the payment window when the booking
 * is paid later; the others are one tap away (from `lg` all are shown).
 */
export function TermsSection({
  form,
  say,
  slipViaGateway,
  paidLater,
}: {
  form: BookingForm;
  say: Say;
  slipViaGateway: boolean;
  /** Paid after booking (a transfer, a QR, a wallet): its window matters now. */
  paidLater: boolean;
}) {
  const { t } = useTranslation('booking');
  const [all, setAll] = useState(false);
  const error = form.formState.errors.acceptTerms;
  // Through the gateway PromptPay needs no slip: the terms say so.
  const slip = t(slipViaGateway ? 'rules.slipGateway' : 'rules.slip');
  const rules = [
    { text: t('rules.cancellation'), always: true },
    { text: slip, always: paidLater },
    { text: t('rules.times'), always: false },
    { text: t('rules.dateChange'), always: false },
    { text: t('rules.lateReturn'), always: false },
  ];
  const folded = rules.filter((r) => !r.always).length;
  return (
    <FormSection title={t('summary.terms')}>
      <ul
        className="mb-2 list-disc space-y-1 pl-5 text-sm text-slate-700 sm:text-base lg:mb-4"
        data-testid="booking-rules"
      >
        {rules.map((r) => (
          <li key={r.text} className={r.always || all ? '' : 'hidden lg:list-item'}>
            {r.text}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="mb-3 min-h-11 text-sm text-brand-700 underline lg:hidden"
        aria-expanded={all}
        onClick={() => setAll(!all)}
      >
        {all ? t('summary.fewerRules') : t('summary.moreRules', { count: folded })}
      </button>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-6 shrink-0"
          {...form.register('acceptTerms')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'terms-error' : undefined}
        />
        <span>
          {/* A new tab: the terms are read without losing what was typed here. */}
          <Trans
            t={t}
            i18nKey="summary.acceptTerms"
            components={{
              terms: (
                <a
                  href={sitePaths.terms}
                  target="_blank"
                  rel="noopener"
                  className="font-semibold text-brand-700 underline"
                />
              ),
            }}
          />
        </span>
      </label>
      {error && (
        <p id="terms-error" className="field-error" role="alert">
          {say(error)}
        </p>
      )}
    </FormSection>
  );
}
