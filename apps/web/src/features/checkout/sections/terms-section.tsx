import { Trans } from 'react-i18next';
import { sitePaths } from '@siam/contract/site-routes';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingForm, Say } from '../booking-resolver';
import { FormSection } from '../form-section';

/** The rules every customer accepts, in short, and the box they tick (the terms in a new tab). */
export function TermsSection({
  form,
  say,
  slipViaGateway,
}: {
  form: BookingForm;
  say: Say;
  slipViaGateway: boolean;
}) {
  const { t } = useTranslation('booking');
  const error = form.formState.errors.acceptTerms;
  return (
    <FormSection title={t('summary.terms')}>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-700 sm:text-base">
        <li>{t('rules.times')}</li>
        <li>{t('rules.cancellation')}</li>
        <li>{t('rules.dateChange')}</li>
        {/* Through the gateway PromptPay needs no slip: the terms say so. */}
        <li>{t(slipViaGateway ? 'rules.slipGateway' : 'rules.slip')}</li>
      </ul>
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
