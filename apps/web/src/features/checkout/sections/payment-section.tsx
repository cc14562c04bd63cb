import { Building, CreditCard, Landmark, QrCode, ShieldCheck, Smartphone } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import type { GatewaySource, PaymentMethod } from '@siam/contract/bookings';
import { TextField } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingForm, Say } from '../booking-resolver';
import { FormSection } from '../form-section';

const methodIcons = {
  card: CreditCard,
  bank_transfer: Landmark,
  promptpay: QrCode,
  wechat_pay: Smartphone,
  alipay: Smartphone,
  company_account: Building,
};

/**
 * How the customer pays: the methods offered, what each means, and for a card its fields (the card
 * goes from here to the gateway's vault only, bookings/card-vault.ts). A free booking asks nothing.
 */
export function PaymentSection({
  form,
  say,
  offered,
  sources,
  sandbox,
  free,
  companyName,
}: {
  form: BookingForm;
  say: Say;
  offered: PaymentMethod[];
  /** The wallets and QR payments the gateway takes. */
  sources: readonly GatewaySource[];
  sandbox: boolean;
  free: boolean;
  companyName: string | undefined;
}) {
  const { t } = useTranslation('booking');
  const { register, formState } = form;
  const errors = formState.errors.card;
  const method = useWatch({ control: form.control, name: 'method' });
  return (
    <FormSection title={t('summary.payment')}>
      {free ? (
        <p className="rounded-lg bg-green-50 p-3 text-green-900" data-testid="nothing-to-pay">
          {t('summary.nothingToPay')}
        </p>
      ) : (
        <>
          <fieldset>
            <legend className="sr-only">{t('summary.payment')}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
              {offered.map((m) => {
                const Icon = methodIcons[m];
                return (
                  <label
                    key={m}
                    className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border p-2 sm:p-3 ${method === m ? 'border-brand-700 bg-brand-50' : 'border-slate-300'}`}
                  >
                    <input type="radio" value={m} {...register('method')} className="size-5 shrink-0" />
                    <Icon aria-hidden="true" size={20} className="shrink-0" />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{t(`methods.${m}`)}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <p className="mt-3 text-slate-700">
            {method === 'promptpay' && sources.includes('promptpay')
              ? t('methodHelp.promptpayGateway')
              : t(`methodHelp.${method}`, { company: companyName })}
          </p>
          {method === 'card' && (
            <div className="mt-4 space-y-4">
              {sandbox && (
                <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  <ShieldCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
                  {t('sandbox')}
                </p>
              )}
              <div className="grid grid-cols-2 gap-x-3 gap-y-4">
                <div className="col-span-2">
                  <TextField
                    label={t('fields.cardNumber')}
                    registration={register('card.number')}
                    error={say(errors?.number)}
                    autoComplete="cc-number"
                    inputMode="numeric"
                  />
                </div>
                <div className="col-span-2">
                  <TextField
                    label={t('fields.cardName')}
                    registration={register('card.name')}
                    error={say(errors?.name)}
                    autoComplete="cc-name"
                  />
                </div>
                <TextField
                  label={t('fields.expiry')}
                  registration={register('card.expiry')}
                  error={say(errors?.expiry)}
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                />
                <TextField
                  label={t('fields.cvv')}
                  registration={register('card.cvv')}
                  error={say(errors?.cvv)}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  type="password"
                />
              </div>
            </div>
          )}
        </>
      )}
    </FormSection>
  );
}
