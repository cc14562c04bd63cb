import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { countryOptions } from '../../../lib/country-names';
import { useNavigate } from '../../../lib/router';
import type { AdminBranch, AdminCarModelSummary } from '@siam/contract/admin';
import type { Booking } from '@siam/contract/bookings';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import {
  Card,
  Checkbox,
  ErrorNote,
  Field,
  PageTitle,
  SelectField,
  bangkokToday,
  useFormats,
} from '../admin-ui';

const empty = {
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

/**
 * A phone or walk-in booking: the same rules as the site (prices, free cars,
 * dates) through the same booking call; cash or transfer, paid now or later.
 */
export function WalkInPage() {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const navigate = useNavigate();
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  // One key per form: a double click or a retry cannot book twice.
  const [keyHeader] = useState(() => ({ 'idempotency-key': `walkin-${crypto.randomUUID()}` }));
  const create = useAdminMutation<Booking, Record<string, unknown>>('POST', '/bookings', keyHeader);
  const [form, setForm] = useState({
    carModelId: '',
    branchCode: '',
    pickupDate: bangkokToday(),
    returnDate: '',
    customerEmail: '',
    paymentMethod: 'cash' as 'cash' | 'bank_transfer',
    paid: true,
  });
  const [driver, setDriver] = useState(empty);
  const errors = fieldErrors(create.error);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const setD = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setDriver((d) => ({ ...d, [k]: e.target.value }));
  const [permit, setPermit] = useState(false);
  const countries = useMemo(() => countryOptions(lng), [lng]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        carModelId: Number(form.carModelId),
        branchCode: form.branchCode,
        pickupDate: form.pickupDate,
        returnDate: form.returnDate,
        customerEmail: form.customerEmail,
        paymentMethod: form.paymentMethod,
        paid: form.paid,
        addons: [],
        driver: { ...driver, internationalPermit: permit },
      },
      { onSuccess: (b) => navigate(`/admin/bookings/${b.id}`) },
    );
  };

  return (
    <>
      <PageTitle title={t('walkIn.title')} />
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('walkIn.title')}>
        <Card title={t('walkIn.car')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('bookings.car')}
              value={form.carModelId}
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
              value={form.branchCode}
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
            <Field
              label={t('walkIn.pickupDate')}
              type="date"
              value={form.pickupDate}
              onChange={set('pickupDate')}
              error={errors.pickupDate}
              required
            />
            <Field
              label={t('walkIn.returnDate')}
              type="date"
              value={form.returnDate}
              onChange={set('returnDate')}
              error={errors.returnDate}
              required
            />
          </div>
        </Card>
        <Card title={t('booking.driver')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('walkIn.customerEmail')}
              type="email"
              hint={t('walkIn.customerEmailHint')}
              value={form.customerEmail}
              onChange={set('customerEmail')}
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
              type="email"
              value={driver.email}
              onChange={setD('email')}
              error={errors['driver.email']}
              required
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
        <Card title={t('booking.method')}>
          <SelectField label={t('booking.method')} value={form.paymentMethod} onChange={set('paymentMethod')}>
            <option value="cash">{t('booking.methods.cash')}</option>
            <option value="bank_transfer">{t('booking.methods.bank_transfer')}</option>
          </SelectField>
          <Checkbox
            label={t('walkIn.paid')}
            checked={form.paid}
            onChange={(paid) => setForm((f) => ({ ...f, paid }))}
          />
        </Card>
        <ErrorNote error={create.error} />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {t('walkIn.submit')}
        </button>
      </form>
    </>
  );
}
