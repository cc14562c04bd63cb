import { counterPaymentMethods, type CounterPaymentMethod } from '@siam/contract/payment-methods';
import { useTranslation } from '../../../lib/use-translation';
import { Card, Checkbox, Field, SelectField } from '../admin-ui';

/** The counter's ways, or the member's company account (billed on its monthly invoice; decision 3662). */
export type WalkInMethod = CounterPaymentMethod | 'company_account';
export type CounterPayment = { method: WalkInMethod; reference: string; paid: boolean };
const walkInMethods: readonly WalkInMethod[] = [...counterPaymentMethods, 'company_account'];

/** Methods whose slip or app gives a reference staff copy down (the terminal's, the QR payment's). */
const withReference: readonly WalkInMethod[] = ['card_terminal', 'promptpay'];

/**
 * How the counter takes the money (issue 36 part 6): card terminal, PromptPay, cash or transfer, the
 * terminal's reference where there is one, and whether it is in already; or on the company account of
 * the member whose account email is given (nothing taken: the company's monthly invoice).
 */
export function WalkInPayment({
  value,
  onChange,
  errors,
}: {
  value: CounterPayment;
  onChange: (next: CounterPayment) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('booking.method')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('booking.method')}
          value={value.method}
          onChange={(e) =>
            onChange({
              ...value,
              method: e.target.value as WalkInMethod,
              reference: withReference.includes(e.target.value as WalkInMethod) ? value.reference : '',
            })
          }
          error={errors.paymentMethod}
        >
          {walkInMethods.map((m) => (
            <option key={m} value={m}>
              {t(`booking.methods.${m}`)}
            </option>
          ))}
        </SelectField>
        {withReference.includes(value.method) && (
          <Field
            label={t(`walkIn.reference.${value.method === 'promptpay' ? 'promptpay' : 'terminal'}`)}
            hint={t('walkIn.referenceHint')}
            value={value.reference}
            onChange={(e) => onChange({ ...value, reference: e.target.value })}
            error={errors.terminalReference}
          />
        )}
      </div>
      {value.method === 'company_account' ? (
        <p className="mt-2 text-sm text-slate-700">{t('walkIn.companyAccountHint')}</p>
      ) : (
        <Checkbox
          label={t('walkIn.paid')}
          checked={value.paid}
          onChange={(paid) => onChange({ ...value, paid })}
        />
      )}
    </Card>
  );
}
