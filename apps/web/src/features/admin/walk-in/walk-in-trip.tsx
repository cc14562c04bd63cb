import type { AdminBranch, AdminCarModelSummary } from '@siam/contract/admin';
import type { AdminAddon } from '@siam/contract/admin-bookings';
import type { AddonCode } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminQuery } from '../admin-api';
import { Card, Checkbox, Field, SelectField, useFormats } from '../admin-ui';

export type TripDraft = {
  carModelId: string;
  branchCode: string;
  returnBranchCode: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  addons: AddonCode[];
};

/**
 * The walk-in's car and trip, as the site asks it: car, pickup branch, a return branch (one-way, its
 * fee in the quote), dates and times, extras (their prices in the quote, never restated here).
 */
export function WalkInTrip({
  trip,
  setTrip,
  errors,
}: {
  trip: TripDraft;
  setTrip: (update: (t: TripDraft) => TripDraft) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const addons = useAdminQuery<AdminAddon[]>('/addons');
  const set = (k: keyof TripDraft) => (e: { target: { value: string } }) =>
    setTrip((f) => ({ ...f, [k]: e.target.value }));
  const toggle = (code: AddonCode) => (on: boolean) =>
    setTrip((f) => ({ ...f, addons: on ? [...f.addons, code] : f.addons.filter((c) => c !== code) }));
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
          onChange={set('branchCode')}
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
        <SelectField
          label={t('walkIn.returnBranch')}
          value={trip.returnBranchCode}
          onChange={set('returnBranchCode')}
          error={errors.returnBranchCode}
        >
          <option value="">{t('walkIn.sameBranch')}</option>
          {branches.data
            ?.filter((b) => b.code !== trip.branchCode)
            .map((b) => (
              <option key={b.code} value={b.code}>
                {b.name[lng]}
              </option>
            ))}
        </SelectField>
        <span />
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
      <fieldset className="mt-3">
        <legend className="field-label">{t('walkIn.extras')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {addons.data
            ?.filter((a) => a.isActive)
            .map((a) => (
              <Checkbox
                key={a.code}
                label={a.name[lng]}
                checked={trip.addons.includes(a.code as AddonCode)}
                onChange={toggle(a.code as AddonCode)}
              />
            ))}
        </div>
      </fieldset>
    </Card>
  );
}
