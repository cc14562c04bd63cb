import { setOrDelete, useAddressParams } from '../../../lib/use-address-params';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminBranch, AdminCarModelSummary, AdminUnit, MaintenanceBlock } from '@siam/contract/admin';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import {
  bangkokToday,
  Card,
  ErrorNote,
  Field,
  Loading,
  PageTitle,
  Pager,
  SavedNote,
  SelectField,
  useFormats,
} from '../admin-ui';
import { UnitVin, useVinError } from './unit-vin';

function BlockForm({ unit, onDone }: { unit: AdminUnit; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const today = bangkokToday();
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [reason, setReason] = useState('');
  const block = useAdminMutation<MaintenanceBlock, { startDate: string; endDate: string; reason: string }>(
    'POST',
    `/units/${unit.id}/maintenance`,
  );
  const errors = fieldErrors(block.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    block.mutate({ startDate, endDate, reason }, { onSuccess: onDone });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('units.blockFormLabel', { plate: unit.plate })}
      className="mt-2 grid gap-3 rounded-lg bg-sand-50 p-3 sm:grid-cols-4"
    >
      <Field
        label={t('units.from')}
        type="date"
        min={today}
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
        error={errors.startDate}
        required
      />
      <Field
        label={t('units.to')}
        type="date"
        min={startDate}
        value={endDate}
        onChange={(e) => setEndDate(e.target.value)}
        error={errors.endDate}
        required
      />
      <Field
        label={t('units.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        maxLength={500}
        required
      />
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary" disabled={block.isPending}>
          {t('units.blockSubmit')}
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
      <div className="sm:col-span-4">
        <ErrorNote error={block.error?.httpStatus === 400 ? null : block.error} />
      </div>
    </form>
  );
}

function UnitRow({
  unit,
  branches,
  canEdit,
}: {
  unit: AdminUnit;
  branches: AdminBranch[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('admin');
  const { date, lng } = useFormats();
  const [blocking, setBlocking] = useState(false);
  const lift = useAdminMutation<MaintenanceBlock, number>('POST', (id) => `/maintenance-blocks/${id}/lift`);
  const update = useAdminMutation<AdminUnit, { branchCode?: string; status?: string }>(
    'PATCH',
    `/units/${unit.id}`,
  );
  const branchName = branches.find((b) => b.code === unit.branchCode)?.name[lng] ?? unit.branchCode;
  return (
    <li className="py-3" data-testid="unit-row" aria-label={unit.plate}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">
            {unit.plate} <span className="font-normal text-slate-700">· {unit.carName}</span>
          </p>
          <p className="text-sm text-slate-600">
            {branchName} · {t(`units.status.${unit.status}`)}
          </p>
          <UnitVin unit={unit} canEdit={canEdit} />
        </div>
        <div className="flex flex-wrap gap-2">
          {unit.status === 'in_service' && !blocking && (
            <button type="button" className="btn-outline" onClick={() => setBlocking(true)}>
              {t('units.block')}
              <span className="sr-only"> {unit.plate}</span>
            </button>
          )}
          {canEdit && (
            <button
              type="button"
              className="btn-outline"
              disabled={update.isPending}
              onClick={() =>
                update.mutate({ status: unit.status === 'in_service' ? 'retired' : 'in_service' })
              }
            >
              {unit.status === 'in_service' ? t('units.retire') : t('units.reinstate')}
              <span className="sr-only"> {unit.plate}</span>
            </button>
          )}
        </div>
      </div>
      <ErrorNote error={update.error ?? lift.error} />
      {unit.blocks.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label={t('units.blocksOf', { plate: unit.plate })}>
          {unit.blocks.map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-center gap-2 rounded bg-amber-50 px-2 py-1 text-sm"
              data-testid="maintenance-block"
            >
              <span>
                {t('units.blockedFromTo', { from: date(b.startDate), to: date(b.endDate) })} · {b.reason}
              </span>
              <button
                type="button"
                className="text-brand-700 underline"
                disabled={lift.isPending}
                onClick={() => lift.mutate(b.id)}
              >
                {t('units.lift')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {blocking && <BlockForm unit={unit} onDone={() => setBlocking(false)} />}
    </li>
  );
}

function AddUnit({ branches, models }: { branches: AdminBranch[]; models: AdminCarModelSummary[] }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [plate, setPlate] = useState('');
  const [vin, setVin] = useState('');
  const [checked, setChecked] = useState(false);
  const vinError = useVinError();
  const [carModelId, setCarModelId] = useState('');
  const [branchCode, setBranchCode] = useState('');
  const add = useAdminMutation<
    AdminUnit,
    { plate: string; vin: string | null; carModelId: number; branchCode: string }
  >('POST', '/units');
  const errors = fieldErrors(add.error);
  return (
    <Card title={t('units.add')}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          if (vinError(vin)) return;
          add.mutate(
            { plate, vin: vin.trim() ? vin : null, carModelId: Number(carModelId), branchCode },
            {
              onSuccess: () => {
                setPlate('');
                setVin('');
                setChecked(false);
              },
            },
          );
        }}
      >
        <Field
          label={t('units.plate')}
          value={plate}
          onChange={(e) => setPlate(e.target.value)}
          error={errors.plate}
        />
        <Field
          label={t('units.vin')}
          value={vin}
          maxLength={24}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setVin(e.target.value)}
          error={checked ? vinError(vin, errors.vin) : undefined}
        />
        <SelectField
          label={t('units.car')}
          value={carModelId}
          onChange={(e) => setCarModelId(e.target.value)}
          error={errors.carModelId}
        >
          <option value="">{t('choose')}</option>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.brand[lng]} {m.model[lng]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('units.branch')}
          value={branchCode}
          onChange={(e) => setBranchCode(e.target.value)}
          error={errors.branchCode}
        >
          <option value="">{t('choose')}</option>
          {branches.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end">
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            {t('units.addSubmit')}
          </button>
        </div>
      </form>
      <ErrorNote error={add.error} />
      <SavedNote show={add.isSuccess} />
    </Card>
  );
}

/** A page of units at a time: the whole fleet (282 at the start) was ~42,000 px tall on a phone. */
export const UNITS_PER_PAGE = 20;

export function UnitsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [params, changeParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const branch = params.get('branch') ?? '';
  const carModelId = params.get('model') ?? '';
  const units = useAdminQuery<AdminUnit[]>('/units', { q, branch, carModelId });
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  const setFilter = (key: string, value: string) =>
    changeParams(
      (next) => {
        setOrDelete(next, key, value);
        if (key !== 'page') next.delete('page');
      },
      { replace: key !== 'page' },
    );
  const pages = Math.max(1, Math.ceil((units.data?.length ?? 0) / UNITS_PER_PAGE));
  const page = Math.min(pages, Math.max(1, Number(params.get('page')) || 1));
  const shown = units.data?.slice((page - 1) * UNITS_PER_PAGE, page * UNITS_PER_PAGE);
  return (
    <>
      <PageTitle title={t('units.title')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-3" role="search">
        <Field
          label={t('units.searchPlate')}
          type="search"
          value={q}
          onChange={(e) => setFilter('q', e.target.value)}
        />
        <SelectField
          label={t('units.branch')}
          value={branch}
          onChange={(e) => setFilter('branch', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('units.car')}
          value={carModelId}
          onChange={(e) => setFilter('model', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {models.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.brand[lng]} {m.model[lng]}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorNote error={units.error} />
      {units.isPending && <Loading />}
      {units.data && shown && (
        <Card className="mb-6">
          <p className="text-sm text-slate-600" role="status">
            {t('units.count', { count: units.data.length })}
          </p>
          <ul className="divide-y divide-slate-100">
            {shown.map((u) => (
              <UnitRow key={u.id} unit={u} branches={branches.data ?? []} canEdit={canEdit} />
            ))}
          </ul>
          <Pager
            label={t('units.pages')}
            page={page}
            totalPages={pages}
            onPage={(n) => setFilter('page', String(n))}
          />
        </Card>
      )}
      {canEdit && branches.data && models.data && <AddUnit branches={branches.data} models={models.data} />}
    </>
  );
}
