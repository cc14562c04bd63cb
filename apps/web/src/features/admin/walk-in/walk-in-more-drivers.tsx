import { businessRules } from '@siam/contract/business-rules';
import { useTranslation } from '../../../lib/use-translation';
import { Card, Field } from '../admin-ui';
import { LicenceFields, type LicenceDraft } from './walk-in-licence';

export type MoreDriverDraft = LicenceDraft & { firstName: string; lastName: string; permit: boolean };
export const emptyMoreDriver: MoreDriverDraft = {
  firstName: '',
  lastName: '',
  birthDate: '',
  licenceNumber: '',
  licenceCountry: 'TH',
  licenceIssued: '',
  licenceExpiry: '',
  permit: false,
};

/**
 * Drivers besides the main one, as the site's booking form takes them (free, up to
 * businessRules.maxAdditionalDrivers): each with their licence, checked by the server against the car's
 * rules like the main driver's.
 */
export function WalkInMoreDrivers({
  drivers,
  setDrivers,
  errors,
}: {
  drivers: MoreDriverDraft[];
  setDrivers: (update: (d: MoreDriverDraft[]) => MoreDriverDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  const change = (i: number, patch: Partial<MoreDriverDraft>) =>
    setDrivers((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <Card title={t('walkIn.moreDrivers')}>
      {drivers.map((d, i) => (
        <fieldset key={i} className="mb-4 border-b border-slate-200 pb-3">
          <legend className="font-semibold">{t('walkIn.driverN', { n: i + 2 })}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('walkIn.firstName')}
              value={d.firstName}
              onChange={(e) => change(i, { firstName: e.target.value })}
              error={errors[`additionalDrivers.${i}.firstName`]}
              required
            />
            <Field
              label={t('walkIn.lastName')}
              value={d.lastName}
              onChange={(e) => change(i, { lastName: e.target.value })}
              error={errors[`additionalDrivers.${i}.lastName`]}
              required
            />
            <LicenceFields
              value={d}
              onChange={(k, v) => change(i, { [k]: v })}
              permit={d.permit}
              setPermit={(permit) => change(i, { permit })}
              errors={errors}
              path={`additionalDrivers.${i}`}
            />
          </div>
          <button
            type="button"
            className="btn-outline mt-2"
            onClick={() => setDrivers((all) => all.filter((_, j) => j !== i))}
          >
            {t('walkIn.removeDriver', { n: i + 2 })}
          </button>
        </fieldset>
      ))}
      {drivers.length < businessRules.maxAdditionalDrivers && (
        <button
          type="button"
          className="btn-outline"
          onClick={() => setDrivers((all) => [...all, emptyMoreDriver])}
        >
          {t('walkIn.addDriver')}
        </button>
      )}
    </Card>
  );
}
