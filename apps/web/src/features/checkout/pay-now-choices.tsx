import type { PaymentMethod } from '@siam/contract/payment-methods';
import { useTranslation } from '../../lib/use-translation';

/**
 * The last cars of a model wait for no booking paid by a slip (docs/decisions/3102, 3630): why, and
 * the ways that book them now, each switching the form's method. PromptPay first when the gateway
 * makes its QR code (paid from any Thai banking app, no card needed); by the shop's own QR it waits for
 * a slip like a transfer, so it is not offered then.
 */
export function PayNowChoices({
  offered,
  qrAtGateway,
  method,
  choose,
}: {
  offered: readonly PaymentMethod[];
  qrAtGateway: boolean;
  method: PaymentMethod;
  choose: (m: PaymentMethod) => void;
}) {
  const { t } = useTranslation('booking');
  const ways = (['promptpay', 'card'] as const).filter(
    (m) => offered.includes(m) && m !== method && (m !== 'promptpay' || qrAtGateway),
  );
  return (
    <>
      {t(qrAtGateway ? 'summary.unpaidHoldsFull' : 'summary.unpaidHoldsFullNoQr')}
      <div className="mt-3 flex flex-wrap gap-2">
        {ways.map((m) => (
          <button
            key={m}
            type="button"
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
            onClick={() => choose(m)}
          >
            {t(m === 'promptpay' ? 'summary.payByPromptPayNow' : 'summary.payByCardNow')}
          </button>
        ))}
      </div>
    </>
  );
}
