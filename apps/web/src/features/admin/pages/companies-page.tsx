import { useState } from 'react';
import {
  type Company,
  type CompanyBody,
  type CompanyMemberBody,
  type CompanyRole,
  type CompanySummary,
  type MonthlyInvoice,
} from '@siam/contract/companies';
import { useMessageWords } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import { openPrivateFile } from '../../../lib/private-files';
import { fieldErrorsSaid, useAdminMutation, useAdminQuery } from '../admin-api';
import {
  Card,
  Checkbox,
  ErrorNote,
  Field,
  Loading,
  PageTitle,
  SavedNote,
  SelectField,
  useFormats,
} from '../admin-ui';
import { satang } from '../bookings/booking-format';
import { PostcodeAndSubDistrict } from '../../addresses/postcode-sub-district';

/** The API's refusals in the staff member's language of the moment: the contract's words (decision 3543). */
function useSay(error: unknown) {
  const errors = fieldErrorsSaid(error, useMessageWords());
  return (path: string) => errors[path];
}

/** A company's details, as opened or changed (admins). */
function CompanyForm({ company }: { company?: Company }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(company?.buyer.companyName ?? '');
  const [address, setAddress] = useState(company?.buyer.address ?? '');
  const [postcode, setPostcode] = useState(company?.buyer.postcode ?? '');
  const [subDistrictCode, setSubDistrictCode] = useState(company?.buyer.subDistrictCode ?? '');
  const [taxId, setTaxId] = useState(company?.buyer.taxId ?? '');
  const [branch, setBranch] = useState(company?.buyer.branch ?? '00000');
  const [billingEmail, setBillingEmail] = useState(company?.billingEmail ?? '');
  const [active, setActive] = useState(company?.active ?? true);
  // Decision 3662: its bookings' deposits on its account, nothing taken from the employee.
  const [depositsOnAccount, setDepositsOnAccount] = useState(company?.depositsOnAccount ?? false);
  const save = useAdminMutation<Company, CompanyBody>(
    company ? 'PUT' : 'POST',
    company ? `/companies/${company.id}` : '/companies',
  );
  const say = useSay(save.error);
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            buyer: { companyName: name, address, postcode, subDistrictCode, taxId, branch },
            billingEmail,
            active,
            depositsOnAccount,
          },
          {
            onSuccess: () => {
              if (company) return;
              setName('');
              setAddress('');
              setPostcode('');
              setSubDistrictCode('');
              setTaxId('');
              setBranch('00000');
              setBillingEmail('');
            },
          },
        );
      }}
    >
      <Field
        label={t('companies.companyName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={say('buyer.companyName')}
      />
      <Field
        label={t('companies.billingEmail')}
        type="email"
        value={billingEmail}
        onChange={(e) => setBillingEmail(e.target.value)}
        error={say('billingEmail')}
      />
      <Field
        className="sm:col-span-2"
        label={t('companies.address')}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={say('buyer.address')}
      />
      <PostcodeAndSubDistrict
        postcode={postcode}
        subDistrictCode={subDistrictCode}
        onPostcode={setPostcode}
        onSubDistrict={setSubDistrictCode}
        postcodeError={say('buyer.postcode')}
        subDistrictError={say('buyer.subDistrictCode')}
      />
      <Field
        label={t('companies.taxId')}
        inputMode="numeric"
        value={taxId}
        onChange={(e) => setTaxId(e.target.value)}
        error={say('buyer.taxId')}
      />
      <Field
        label={t('companies.branch')}
        inputMode="numeric"
        value={branch}
        onChange={(e) => setBranch(e.target.value)}
        error={say('buyer.branch')}
      />
      {company && <Checkbox label={t('companies.active')} checked={active} onChange={setActive} />}
      <Checkbox
        label={t('companies.depositsOnAccount')}
        checked={depositsOnAccount}
        onChange={setDepositsOnAccount}
      />
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {company ? t('save') : t('companies.openSubmit')}
        </button>
      </div>
      <div className="sm:col-span-2">
        <SavedNote show={save.isSuccess} />
        <ErrorNote error={save.error?.fieldErrors.length ? null : save.error} />
      </div>
    </form>
  );
}

/** The list of accounts, and opening one. */
export function CompaniesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const list = useAdminQuery<CompanySummary[]>('/companies');
  return (
    <>
      <PageTitle title={t('companies.title')} />
      <p className="mb-4 max-w-prose text-slate-700">{t('companies.lead')}</p>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <Card className="mb-6">
          {list.data.length === 0 && <p className="text-slate-600">{t('companies.none')}</p>}
          <ul className="divide-y divide-slate-100">
            {list.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={`/admin/companies/${c.id}`} className="font-semibold underline">
                  {c.buyer.companyName}
                </Link>
                <span className="text-slate-700">
                  {c.buyer.taxId} · {t('companies.members', { count: c.members })}
                  {!c.active && ` · ${t('companies.suspended')}`}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {canEdit && (
        <Card title={t('companies.open')}>
          <CompanyForm />
        </Card>
      )}
    </>
  );
}

function AddMember({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('driver');
  const add = useAdminMutation<Company, CompanyMemberBody>('POST', `/companies/${id}/members`);
  const say = useSay(add.error);
  return (
    <form
      noValidate
      className="mt-4 grid gap-3 sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ email, role }, { onSuccess: () => setEmail('') });
      }}
    >
      <Field
        label={t('companies.memberEmail')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={say('email')}
      />
      <SelectField
        label={t('companies.role')}
        value={role}
        onChange={(e) => setRole(e.target.value as CompanyRole)}
      >
        <option value="driver">{t('companies.roles.driver')}</option>
        <option value="manager">{t('companies.roles.manager')}</option>
      </SelectField>
      <div className="flex items-end">
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {t('companies.addMember')}
        </button>
      </div>
      <div className="sm:col-span-3">
        <SavedNote show={add.isSuccess} />
        <ErrorNote error={add.error?.fieldErrors.length ? null : add.error} />
      </div>
    </form>
  );
}

function Invoices({ company }: { company: Company }) {
  const { t } = useTranslation('admin');
  const { money, dateTime } = useFormats();
  const issue = useAdminMutation<MonthlyInvoice[], undefined>('POST', `/companies/${company.id}/invoices`);
  const [failed, setFailed] = useState(false);
  const open = (number: string, format: 'pdf' | 'xml') => {
    setFailed(false);
    openPrivateFile(`/admin/companies/${company.id}/invoices/${number}?format=${format}`).catch(() =>
      setFailed(true),
    );
  };
  return (
    <>
      <p className="mb-3 text-slate-700" data-testid="unbilled">
        {t('companies.unbilled', {
          count: company.unbilled.bookings,
          total: satang(money, company.unbilled.total),
        })}
      </p>
      {company.invoices.length === 0 ? (
        <p className="text-slate-600">{t('companies.noInvoices')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="monthly-invoices">
          {company.invoices.map((i) => (
            <li key={i.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong className="font-mono">{i.number}</strong> · {i.month} ·{' '}
                {t('companies.bookings', { count: i.bookings })} · {satang(money, i.total)}
                <br />
                <span className="text-sm text-slate-600">{dateTime(i.issuedAt)}</span>
              </span>
              <span className="flex gap-2">
                <button type="button" className="btn-outline" onClick={() => open(i.number, 'pdf')}>
                  PDF<span className="sr-only"> {i.number}</span>
                </button>
                <button type="button" className="btn-outline" onClick={() => open(i.number, 'xml')}>
                  e-Tax XML<span className="sr-only"> {i.number}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {failed && <p role="alert">{t('errorGeneric')}</p>}
      <button
        type="button"
        className="btn-outline mt-4"
        disabled={issue.isPending}
        onClick={() => issue.mutate(undefined)}
      >
        {t('companies.issueDue')}
      </button>
      {issue.data && (
        <p role="status" className="mt-2 text-slate-800">
          {issue.data.length
            ? t('companies.issued', { count: issue.data.length })
            : t('companies.nothingToIssue')}
        </p>
      )}
      <ErrorNote error={issue.error} />
    </>
  );
}

/** One account: its details, members and monthly invoices. */
export function CompanyPage({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const company = useAdminQuery<Company>(`/companies/${id}`);
  const remove = useAdminMutation<Company, number>(
    'DELETE',
    (userId) => `/companies/${id}/members/${userId}`,
  );
  const c = company.data;
  return (
    <>
      <Link to="/admin/companies" className="text-brand-700 underline">
        {t('companies.back')}
      </Link>
      <PageTitle title={c?.buyer.companyName ?? t('companies.title')} />
      <ErrorNote error={company.error ?? remove.error} />
      {company.isPending && <Loading />}
      {c && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={t('companies.invoices')} className="lg:col-span-2">
            <Invoices company={c} />
          </Card>
          <Card title={t('companies.memberList')}>
            {c.members.length === 0 && <p className="text-slate-600">{t('companies.noMembers')}</p>}
            <ul className="divide-y divide-slate-100" data-testid="company-members">
              {c.members.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 break-words">
                    <strong>{m.name || m.email}</strong> · {t(`companies.roles.${m.role}`)}
                    <br />
                    <span className="text-sm text-slate-700">{m.email}</span>
                  </span>
                  {canEdit && (
                    <button
                      type="button"
                      className="btn-outline"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(m.userId)}
                    >
                      {t('companies.removeMember')}
                      <span className="sr-only"> {m.email}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {canEdit && <AddMember id={c.id} />}
          </Card>
          <Card title={t('companies.details')}>
            {canEdit ? (
              <CompanyForm key={c.id} company={c} />
            ) : (
              <p className="whitespace-pre-line">
                {c.buyer.companyName}
                {'\n'}
                {c.buyer.address}
                {'\n'}
                {c.buyer.taxId} · {c.buyer.branch}
                {'\n'}
                {c.billingEmail}
                {c.depositsOnAccount && `\n${t('companies.depositsOnAccount')}`}
              </p>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
