import { useQuery } from '@tanstack/react-query';
import type { DeliveryOptions } from '@siam/contract/delivery';
import { apiRequest } from '../../lib/api-client';
import { formatSatang } from '../../lib/money';
import { useTranslation } from '../../lib/use-translation';

type Data<T> = { status: true; response: { data: T } };

/** A branch's one-way returns and their fees (satang), as the booking form offers them (pricing.routes). */
export function useOneWayRoutes(branchCode: string) {
  const { i18n } = useTranslation('catalog');
  return useQuery({
    queryKey: ['one-way-routes', branchCode, i18n.resolvedLanguage ?? 'en'],
    queryFn: () =>
      apiRequest<Data<DeliveryOptions>>(
        `/guest/branches/${encodeURIComponent(branchCode)}/delivery-options`,
      ).then((r) => r.response.data.oneWay),
    enabled: branchCode !== '',
    staleTime: 300_000,
  });
}

/**
 * Where the car goes back (issue 36 part 5): the pickup branch, or another branch the pickup branch
 * has a one-way route to, with the route's fee (the quote charges it). A return branch asked for in
 * the address that has no route from this branch is said, and the car returns where it was taken.
 */
export function ReturnBranchChoice(props: {
  id: string;
  pickupName: string;
  value: string;
  routes: DeliveryOptions['oneWay'];
  /** The address named a return branch this branch has no route to. */
  noRoute: boolean;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation('catalog');
  if (!props.routes.length && !props.noRoute) return null;
  return (
    <div>
      <label htmlFor={props.id} className="field-label">
        {t('booking.returnBranch')}
      </label>
      <select
        id={props.id}
        data-keep="booking-returnBranch"
        className="field-input"
        value={props.value}
        aria-describedby={props.noRoute ? `${props.id}-note` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{t('booking.sameBranch', { branch: props.pickupName })}</option>
        {props.routes.map((r) => (
          <option key={r.branchCode} value={r.branchCode}>
            {t('booking.oneWayOption', { branch: r.branchName, fee: formatSatang(r.fee) })}
          </option>
        ))}
      </select>
      {props.noRoute && (
        <p id={`${props.id}-note`} role="status" className="mt-1 text-sm text-amber-800">
          {t('booking.noRoute', { branch: props.pickupName })}
        </p>
      )}
    </div>
  );
}
