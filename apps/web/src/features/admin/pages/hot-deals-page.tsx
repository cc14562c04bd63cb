import { bangkokMidnight, DAY_MS } from '@siam/contract/bangkok-time';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminCarModelSummary, AdminHotDeal, HotDealBody } from '@siam/contract/admin';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import {
  bangkokToday,
  Card,
  ErrorNote,
  Field,
  Loading,
  PageTitle,
  SavedNote,
  SelectField,
  useFormats,
} from '../admin-ui';

function AddDeal({ models }: { models: AdminCarModelSummary[] }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [carModelId, setCarModelId] = useState('');
  const [discount, setDiscount] = useState('10');
  const [from, setFrom] = useState(bangkokToday());
  const [to, setTo] = useState(bangkokToday());
  const add = useAdminMutation<AdminHotDeal, HotDealBody>('POST', '/hot-deals');
  const errors = fieldErrors(add.error);
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({
          carModelId: Number(carModelId),
          discountPercent: Number(discount),
          // Whole days in Bangkok: from 00:00 on the first to 24:00 on the last.
          startsAt: bangkokMidnight(from).toISOString(),
          endsAt: new Date(bangkokMidnight(to).getTime() + DAY_MS - 1_000).toISOString(),
        });
      }}
    >
      <SelectField
        label={t('deals.car')}
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
      <Field
        label={t('deals.discount')}
        type="number"
        min={1}
        max={99}
        value={discount}
        onChange={(e) => setDiscount(e.target.value)}
        error={errors.discountPercent}
      />
      <Field
        label={t('deals.from')}
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        error={errors.startsAt}
      />
      <Field
        label={t('deals.to')}
        type="date"
        min={from}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={errors.endsAt}
      />
      <div className="flex items-end">
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {t('deals.addSubmit')}
        </button>
      </div>
      <div className="sm:col-span-5">
        <SavedNote show={add.isSuccess} />
        <ErrorNote error={add.error?.httpStatus === 400 ? null : add.error} />
      </div>
    </form>
  );
}

export function HotDealsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const deals = useAdminQuery<AdminHotDeal[]>('/hot-deals');
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  const remove = useAdminMutation<{ ok: true }, number>('DELETE', (id) => `/hot-deals/${id}`);
  const [now] = useState(() => Date.now());
  return (
    <>
      <PageTitle title={t('deals.title')} />
      <ErrorNote error={deals.error ?? remove.error} />
      {deals.isPending && <Loading />}
      {deals.data && (
        <Card className="mb-6">
          {deals.data.length === 0 && <p className="text-slate-600">{t('deals.none')}</p>}
          <ul className="divide-y divide-slate-100">
            {deals.data.map((d) => {
              const state =
                Date.parse(d.endsAt) < now ? 'over' : Date.parse(d.startsAt) > now ? 'coming' : 'running';
              return (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <strong>{d.carName}</strong> −{d.discountPercent}% · {dateTime(d.startsAt)} –{' '}
                    {dateTime(d.endsAt)} · {t(`deals.state.${state}`)}
                  </span>
                  {canEdit && (
                    <button
                      type="button"
                      className="btn-outline"
                      onClick={() => remove.mutate(d.id)}
                      disabled={remove.isPending}
                    >
                      {t('deals.remove')}
                      <span className="sr-only"> {d.carName}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      {canEdit && models.data && (
        <Card title={t('deals.add')}>
          <AddDeal models={models.data} />
        </Card>
      )}
    </>
  );
}
