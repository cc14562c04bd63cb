import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { DeliveryOptions } from '@siam/contract/delivery';
import { deliveryKinds, type DeliveryKind } from '@siam/contract/delivery-kinds';
import { LabelledControl, useMessageWords } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';
import { fetchDeliveryOptions } from './booking-api';
import { useFormat } from './format';

export interface DeliveryChoice {
  zoneId: number | null;
  kind: DeliveryKind;
  address: string;
  flightNumber: string;
}
export interface DeliveryPlan {
  /** '' = the pickup branch. */
  returnBranch: string;
  delivery: DeliveryChoice | null;
  collection: DeliveryChoice | null;
  /** The flight the customer lands on, for a pickup at an airport branch's counter ('' = not given). */
  flightNumber: string;
}
export const noDeliveryPlan: DeliveryPlan = {
  returnBranch: '',
  delivery: null,
  collection: null,
  flightNumber: '',
};
const fresh: DeliveryChoice = { zoneId: null, kind: 'hotel', address: '', flightNumber: '' };

/** Errors by path (`delivery.address`): contract messages (said in their words) or text keys. */
export type DeliveryErrors = Record<string, string>;

/** One leg: at the counter, or brought to / fetched from the customer in one of the branch's zones. */
function Leg({
  leg,
  zones,
  value,
  onChange,
  errors,
}: {
  leg: 'delivery' | 'collection';
  zones: DeliveryOptions['zones'];
  value: DeliveryChoice | null;
  onChange: (v: DeliveryChoice | null) => void;
  errors: DeliveryErrors;
}) {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const f = useFormat();
  const name = useId();
  const say = (path: string) =>
    errors[`${leg}.${path}`] ? words.say(errors[`${leg}.${path}`]!, t) : undefined;
  return (
    <fieldset className="mt-4">
      <legend className="font-semibold">{t(`pickupReturn.${leg}.legend`)}</legend>
      {zones.length === 0 ? (
        <p className="mt-1 text-slate-700">{t(`pickupReturn.${leg}.none`)}</p>
      ) : (
        <div className="mt-2 space-y-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={name}
              className="size-5"
              checked={!value}
              onChange={() => onChange(null)}
            />
            {t(`pickupReturn.${leg}.counter`)}
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={name}
              className="size-5"
              checked={Boolean(value)}
              onChange={() => onChange({ ...fresh, zoneId: zones[0]!.id })}
            />
            {t(`pickupReturn.${leg}.toMe`)}
          </label>
          {value && (
            <div className="grid gap-3 sm:grid-cols-2">
              <LabelledControl label={t('pickupReturn.zone')} error={say('zoneId')}>
                {(p) => (
                  <select
                    {...p}
                    className="field-input"
                    value={value.zoneId ?? ''}
                    onChange={(e) => onChange({ ...value, zoneId: Number(e.target.value) })}
                  >
                    {zones.map((z) => (
                      <option key={z.id} value={z.id}>
                        {t('pickupReturn.zoneOption', { name: z.name, fee: f.baht(z.fee) })}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledControl>
              <LabelledControl label={t('pickupReturn.kind')}>
                {(p) => (
                  <select
                    {...p}
                    className="field-input"
                    value={value.kind}
                    onChange={(e) => onChange({ ...value, kind: e.target.value as DeliveryKind })}
                  >
                    {deliveryKinds.map((k) => (
                      <option key={k} value={k}>
                        {t(`pickupReturn.kinds.${k}`)}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledControl>
              {value.kind === 'flight' ? (
                <LabelledControl label={t('pickupReturn.flightNumber')} error={say('flightNumber')}>
                  {(p) => (
                    <input
                      {...p}
                      className="field-input"
                      placeholder="TG 661"
                      value={value.flightNumber}
                      onChange={(e) => onChange({ ...value, flightNumber: e.target.value })}
                    />
                  )}
                </LabelledControl>
              ) : (
                <div className="sm:col-span-2">
                  <LabelledControl label={t(`pickupReturn.address.${value.kind}`)} error={say('address')}>
                    {(p) => (
                      <textarea
                        {...p}
                        rows={2}
                        maxLength={300}
                        className="field-input"
                        value={value.address}
                        onChange={(e) => onChange({ ...value, address: e.target.value })}
                      />
                    )}
                  </LabelledControl>
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

/**
 * Where the rental starts and ends: return to another branch (a route the company offers, its fee
 * said), and the car delivered to, or collected from, an address, a hotel or an arriving flight.
 */
export function DeliveryFields({
  branchCode,
  branchName,
  value,
  onChange,
  errors,
}: {
  branchCode: string;
  branchName: string;
  value: DeliveryPlan;
  onChange: (v: DeliveryPlan) => void;
  errors: DeliveryErrors;
}) {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const f = useFormat();
  const options = useQuery({
    queryKey: ['delivery-options', branchCode, f.lang],
    queryFn: () => fetchDeliveryOptions(branchCode),
    staleTime: 60_000,
  });
  const data = options.data ?? { oneWay: [], zones: [] };
  const returnBranch = value.returnBranch || branchCode;
  return (
    <div>
      <LabelledControl
        label={t('pickupReturn.returnTo')}
        error={errors.returnBranchCode && words.say(errors.returnBranchCode, t)}
      >
        {(p) => (
          <select
            {...p}
            className="field-input"
            value={value.returnBranch}
            // Another branch has its own zones: a collection chosen for the old one goes.
            onChange={(e) => onChange({ ...value, returnBranch: e.target.value, collection: null })}
          >
            <option value="">{t('pickupReturn.sameBranch', { branch: branchName })}</option>
            {data.oneWay.map((r) => (
              <option key={r.branchCode} value={r.branchCode}>
                {t('pickupReturn.oneWayOption', { branch: r.branchName, fee: f.baht(r.fee) })}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <Leg
        leg="delivery"
        zones={data.zones.filter((z) => z.branchCode === branchCode)}
        value={value.delivery}
        onChange={(delivery) => onChange({ ...value, delivery })}
        errors={errors}
      />
      <Leg
        leg="collection"
        zones={data.zones.filter((z) => z.branchCode === returnBranch)}
        value={value.collection}
        onChange={(collection) => onChange({ ...value, collection })}
        errors={errors}
      />
    </div>
  );
}
