import type { AdminBranch, AdminCarModelSummary } from '@siam/contract/admin';
import type { AddonCode, QuoteBody } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { DeliveryFields, noDeliveryPlan, type DeliveryPlan } from '../../bookings/delivery-fields';
import { useAdminQuery } from '../admin-api';
import { Card, Field, SelectField, useFormats } from '../admin-ui';
import { WalkInExtras, type ExtraQuantities } from './walk-in-extras';

export type TripDraft = {
  carModelId: string;
  branchCode: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  extras: ExtraQuantities;
  /** A return to another branch, the car delivered to or collected from the customer (the site's own fields). */
  deliveryPlan: DeliveryPlan;
};

/**
 * The walk-in's car and trip, as the site asks it: car, pickup branch, dates and times, a return to
 * another branch, delivery and collection (the booking form's own fields, their fees in the quote),
 * extras with quantities (their prices in the quote, never restated here).
 */
export function WalkInTrip({
  trip,
  setTrip,
  errors,
  quoteBody,
}: {
  trip: TripDraft;
  setTrip: (update: (t: TripDraft) => TripDraft) => void;
  errors: Record<string, string>;
  quoteBody: QuoteBody | undefined;
}) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const set = (k: keyof TripDraft) => (e: { target: { value: string } }) =>
    setTrip((f) => ({ ...f, [k]: e.target.value }));
  const setExtra = (code: AddonCode, quantity: number) =>
    setTrip((f) => ({ ...f, extras: { ...f.extras, [code]: quantity } }));
  const branch = branches.data?.find((b) => b.code === trip.branchCode);
  return (
    <Card title={t('walkIn.car')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('bookings.car')}
          value={trip.carModelId}
          onChange={set('carModelId')}
          error={errors.carModelId}
          required
        >
          <option value="">{t('choose')}</option>
          {models.data
            ?.filter((m) => m.isActive)
            .map((m) => (
              <option key={m.id} value={m.id}>
                {m.brand[lng]} {m.model[lng]}
              </option>
            ))}
        </SelectField>
        <SelectField
          label={t('today.branch')}
          value={trip.branchCode}
          // Another branch has its own routes and zones: what was chosen for the old one goes.
          onChange={(e) => {
            const branchCode = e.target.value;
            setTrip((f) => ({ ...f, branchCode, deliveryPlan: noDeliveryPlan }));
          }}
          error={errors.branchCode}
          required
        >
          <option value="">{t('choose')}</option>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('walkIn.pickupDate')}
          type="date"
          value={trip.pickupDate}
          onChange={set('pickupDate')}
          error={errors.pickupDate}
          required
        />
        <Field
          label={t('walkIn.pickupTime')}
          type="time"
          step={1800}
          value={trip.pickupTime}
          onChange={set('pickupTime')}
          error={errors.pickupTime}
          required
        />
        <Field
          label={t('walkIn.returnDate')}
          type="date"
          value={trip.returnDate}
          onChange={set('returnDate')}
          error={errors.returnDate}
          required
        />
        <Field
          label={t('walkIn.returnTime')}
          type="time"
          step={1800}
          value={trip.returnTime}
          onChange={set('returnTime')}
          error={errors.returnTime}
          required
        />
      </div>
      {branch && (
        <div className="mt-3">
          <DeliveryFields
            branchCode={branch.code}
            branchName={branch.name[lng]}
            value={trip.deliveryPlan}
            onChange={(deliveryPlan) => setTrip((f) => ({ ...f, deliveryPlan }))}
            errors={errors}
          />
        </div>
      )}
      <WalkInExtras quantities={trip.extras} onChange={setExtra} quoteBody={quoteBody} />
    </Card>
  );
}
