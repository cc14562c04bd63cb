import { useState, type FormEvent } from 'react';
import type { AdminBranch } from '@siam/contract/admin';
import type { DeliveryZone, OneWayFee } from '@siam/contract/admin-delivery';
import { languages } from '@siam/contract/languages';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
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

function RouteForm({ branches }: { branches: AdminBranch[] }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [form, setForm] = useState({ fromBranch: '', toBranch: '', fee: '' });
  const save = useAdminMutation<OneWayFee, { fromBranch: string; toBranch: string; fee: number }>(
    'PUT',
    '/one-way-fees',
  );
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...form, fee: Number(form.fee) });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('routes.addRoute')}
      className="mt-4 grid gap-3 sm:grid-cols-4"
    >
      {(['fromBranch', 'toBranch'] as const).map((k) => (
        <SelectField
          key={k}
          label={t(`routes.${k}`)}
          value={form[k]}
          onChange={(e) => setForm({ ...form, [k]: e.target.value })}
          error={errors[k]}
        >
          <option value="">{t('choose')}</option>
          {branches.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
      ))}
      <Field
        label={t('routes.fee')}
        type="number"
        min={0}
        value={form.fee}
        onChange={(e) => setForm({ ...form, fee: e.target.value })}
        error={errors.fee}
      />
      <div className="flex items-end gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t('routes.saveRoute')}
        </button>
        <SavedNote show={save.isSuccess} />
      </div>
      <div className="sm:col-span-4">
        <ErrorNote error={save.error && !Object.keys(errors).length ? save.error : null} />
      </div>
    </form>
  );
}

function RouteRow({
  route,
  name,
  canEdit,
}: {
  route: OneWayFee;
  name: (code: string) => string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('admin');
  const { money } = useFormats();
  const remove = useAdminMutation<unknown, undefined>(
    'DELETE',
    `/one-way-fees/${route.fromBranch}/${route.toBranch}`,
  );
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="p-2 text-left font-normal">
        {name(route.fromBranch)} → {name(route.toBranch)}
      </th>
      <td className="p-2">{money(route.fee)}</td>
      <td className="p-2">
        {canEdit && (
          <button
            type="button"
            className="btn-outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined)}
          >
            {t('routes.remove', { from: name(route.fromBranch), to: name(route.toBranch) })}
          </button>
        )}
        <ErrorNote error={remove.error} />
      </td>
    </tr>
  );
}

const blankZone = { branchCode: '', th: '', en: '', zh: '', fee: '' };

function ZoneForm({ branches }: { branches: AdminBranch[] }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [form, setForm] = useState(blankZone);
  const create = useAdminMutation<DeliveryZone, Record<string, unknown>>('POST', '/delivery-zones');
  const errors = fieldErrors(create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { branchCode: form.branchCode, name: { th: form.th, en: form.en, zh: form.zh }, fee: Number(form.fee) },
      { onSuccess: () => setForm(blankZone) },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('routes.addZone')}
      className="mt-4 grid gap-3 sm:grid-cols-3"
    >
      <SelectField
        label={t('routes.branch')}
        value={form.branchCode}
        onChange={(e) => setForm({ ...form, branchCode: e.target.value })}
        error={errors.branchCode}
      >
        <option value="">{t('choose')}</option>
        {branches.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name[lng]}
          </option>
        ))}
      </SelectField>
      {languages.map((l) => (
        <Field
          key={l}
          lang={l}
          label={t('routes.zoneName', { language: t(`frame.languages.${l}`) })}
          value={form[l]}
          onChange={(e) => setForm({ ...form, [l]: e.target.value })}
          error={errors[`name.${l}`]}
        />
      ))}
      <Field
        label={t('routes.fee')}
        type="number"
        min={0}
        value={form.fee}
        onChange={(e) => setForm({ ...form, fee: e.target.value })}
        error={errors.fee}
      />
      <div className="flex items-end gap-3">
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {t('routes.addZone')}
        </button>
        <SavedNote show={create.isSuccess} />
      </div>
    </form>
  );
}

function ZoneRow({ zone, branch, canEdit }: { zone: DeliveryZone; branch: string; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng, money } = useFormats();
  const toggle = useAdminMutation<DeliveryZone, { isActive: boolean }>('PATCH', `/delivery-zones/${zone.id}`);
  return (
    <tr className="border-b border-slate-100">
      <td className="p-2">{branch}</td>
      <th scope="row" className="p-2 text-left font-normal">
        {zone.name[lng]}
      </th>
      <td className="p-2">{money(zone.fee)}</td>
      <td className="p-2">
        {canEdit ? (
          <Checkbox
            label={t('routes.delivers', { zone: zone.name[lng] })}
            checked={zone.isActive}
            onChange={(isActive) => toggle.mutate({ isActive })}
          />
        ) : zone.isActive ? (
          t('pricing.active')
        ) : (
          t('pricing.inactive')
        )}
        <ErrorNote error={toggle.error} />
      </td>
    </tr>
  );
}

/** One-way routes between branches and the zones each branch delivers to, with their fees. */
export function RoutesAndZonesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const routes = useAdminQuery<OneWayFee[]>('/one-way-fees');
  const zones = useAdminQuery<DeliveryZone[]>('/delivery-zones');
  const name = (code: string) => branches.data?.find((b) => b.code === code)?.name[lng] ?? code;
  return (
    <>
      <PageTitle title={t('routes.title')} />
      <div className="space-y-4">
        <Card title={t('routes.oneWay')}>
          <p className="text-slate-700">{t('routes.oneWayHelp')}</p>
          <ErrorNote error={routes.error} />
          {routes.isPending && <Loading />}
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-left">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="p-2">
                    {t('routes.route')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('routes.fee')}
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">{t('routes.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {routes.data?.map((r) => (
                  <RouteRow
                    key={`${r.fromBranch}-${r.toBranch}-${r.fee}`}
                    route={r}
                    name={name}
                    canEdit={canEdit}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {canEdit && branches.data && <RouteForm branches={branches.data} />}
        </Card>
        <Card title={t('routes.zones')}>
          <p className="text-slate-700">{t('routes.zonesHelp')}</p>
          <ErrorNote error={zones.error} />
          {zones.isPending && <Loading />}
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-left">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="p-2">
                    {t('routes.branch')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('routes.zone')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('routes.fee')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('routes.state')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.data?.map((z) => (
                  <ZoneRow
                    key={`${z.id}-${String(z.isActive)}`}
                    zone={z}
                    branch={name(z.branchCode)}
                    canEdit={canEdit}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {canEdit && branches.data && <ZoneForm branches={branches.data} />}
        </Card>
      </div>
    </>
  );
}
