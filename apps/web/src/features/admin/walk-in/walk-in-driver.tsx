import { useTranslation } from '../../../lib/use-translation';
import { Card, Field } from '../admin-ui';
import { LicenceFields } from './walk-in-licence';

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
        <LicenceFields
          value={driver}
          onChange={(k, v) => setDriver((d) => ({ ...d, [k]: v }))}
          permit={permit}
          setPermit={setPermit}
          errors={errors}
          path="driver"
        />
      </div>
    </Card>
  );
}
