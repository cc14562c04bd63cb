import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { countryOptions } from '../../../lib/country-names';
import { Card, Checkbox, Field, SelectField, useFormats } from '../admin-ui';

export const emptyDriver = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  idNumber: '',
  birthDate: '',
  licenceNumber: '',
  licenceCountry: 'TH',
  licenceIssued: '',
  licenceExpiry: '',
};
export type DriverDraft = typeof emptyDriver;

/** The walk-in's driver: an existing customer's account email (optional) and the driver's details. */
export function WalkInDriver({
  driver,
  setDriver,
  permit,
  setPermit,
  customerEmail,
  onCustomerEmail,
  errors,
}: {
  driver: DriverDraft;
  setDriver: (update: (d: DriverDraft) => DriverDraft) => void;
  permit: boolean;
  setPermit: (permit: boolean) => void;
  customerEmail: string;
  onCustomerEmail: (email: string) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const countries = useMemo(() => countryOptions(lng), [lng]);
  const setD = (k: keyof DriverDraft) => (e: { target: { value: string } }) =>
    setDriver((d) => ({ ...d, [k]: e.target.value }));
  return (
    <Card title={t('booking.driver')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('walkIn.customerEmail')}
          type="email"
          hint={t('walkIn.customerEmailHint')}
          value={customerEmail}
          onChange={(e) => onCustomerEmail(e.target.value)}
          error={errors.customerEmail}
        />
        <span />
        <Field
          label={t('walkIn.firstName')}
          value={driver.firstName}
          onChange={setD('firstName')}
          error={errors['driver.firstName']}
          required
        />
        <Field
          label={t('walkIn.lastName')}
          value={driver.lastName}
          onChange={setD('lastName')}
          error={errors['driver.lastName']}
          required
        />
        <Field
          label={t('walkIn.driverEmail')}
          hint={t('walkIn.driverEmailHint')}
          type="email"
          value={driver.email}
          onChange={setD('email')}
          error={errors['driver.email']}
        />
        <Field
          label={t('walkIn.phone')}
          type="tel"
          value={driver.phone}
          onChange={setD('phone')}
          error={errors['driver.phone']}
          required
        />
        <Field
          label={t('walkIn.idNumber')}
          value={driver.idNumber}
          onChange={setD('idNumber')}
          error={errors['driver.idNumber']}
          required
        />
        <Field
          label={t('walkIn.birthDate')}
          type="date"
          value={driver.birthDate}
          onChange={setD('birthDate')}
          error={errors['driver.birthDate']}
          required
        />
        <Field
          label={t('walkIn.licenceNumber')}
          value={driver.licenceNumber}
          onChange={setD('licenceNumber')}
          error={errors['driver.licenceNumber']}
          required
        />
        <SelectField
          label={t('walkIn.licenceCountry')}
          value={driver.licenceCountry}
          onChange={setD('licenceCountry')}
          error={errors['driver.licenceCountry']}
          required
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('walkIn.licenceIssued')}
          type="date"
          value={driver.licenceIssued}
          onChange={setD('licenceIssued')}
          error={errors['driver.licenceIssued']}
          required
        />
        <Field
          label={t('walkIn.licenceExpiry')}
          type="date"
          value={driver.licenceExpiry}
          onChange={setD('licenceExpiry')}
          error={errors['driver.licenceExpiry']}
          required
        />
        <div>
          <Checkbox label={t('walkIn.internationalPermit')} checked={permit} onChange={setPermit} />
          {errors['driver.licenceDocument'] && (
            <p className="field-error" role="alert">
              {errors['driver.licenceDocument']}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}
