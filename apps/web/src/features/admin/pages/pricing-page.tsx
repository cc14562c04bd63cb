import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminAddon, AdminPromotion } from '@siam/contract/admin-bookings';
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
  bangkokToday,
  useFormats,
} from '../admin-ui';

function AddonRow({ addon, canEdit }: { addon: AdminAddon; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng, money } = useFormats();
  const [price, setPrice] = useState(String(addon.pricePerDay));
  const save = useAdminMutation<AdminAddon, { pricePerDay?: number; isActive?: boolean }>(
    'PATCH',
    `/addons/${addon.code}`,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ pricePerDay: Number(price) });
  };
  return (
    <li className="border-b border-slate-100 py-3">
      <p className="font-semibold">
        {addon.name[lng]} · {money(addon.pricePerDay)} {t('pricing.perDay')}
        {!addon.isActive && <span className="text-slate-600"> · {t('pricing.offSale')}</span>}
      </p>
      {canEdit && (
        <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-3">
          <Field
            label={t('pricing.priceFor', { name: addon.name[lng] })}
            type="number"
            min={0}
            step="1"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={fieldErrors(save.error).pricePerDay}
          />
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <Checkbox
            label={t('pricing.onSale')}
            checked={addon.isActive}
            onChange={(isActive) => save.mutate({ isActive })}
          />
          <SavedNote show={save.isSuccess} />
          <ErrorNote error={save.error && !fieldErrors(save.error).pricePerDay ? save.error : null} />
        </form>
      )}
    </li>
  );
}

const blank = {
  code: '',
  kind: 'percent' as 'percent' | 'amount',
  value: '',
  startsOn: bangkokToday(),
  endsOn: '',
  maxUses: '',
  firstBookingOnly: false,
};

function NewPromotion() {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState(blank);
  const create = useAdminMutation<AdminPromotion, Record<string, unknown>>('POST', '/promotions');
  const errors = fieldErrors(create.error);
  const set = (k: keyof typeof blank) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        code: form.code,
        kind: form.kind,
        value: form.value === '' ? undefined : Number(form.value),
        startsOn: form.startsOn,
        endsOn: form.endsOn || null,
        maxUses: form.maxUses ? Number(form.maxUses) : null,
        firstBookingOnly: form.firstBookingOnly,
      },
      { onSuccess: () => setForm(blank) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('pricing.newPromotion')} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('pricing.code')} value={form.code} onChange={set('code')} error={errors.code} />
        <SelectField label={t('pricing.kind')} value={form.kind} onChange={set('kind')}>
          <option value="percent">{t('pricing.kinds.percent')}</option>
          <option value="amount">{t('pricing.kinds.amount')}</option>
        </SelectField>
        <Field
          label={t('pricing.value')}
          type="number"
          min={0}
          value={form.value}
          onChange={set('value')}
          error={errors.value}
        />
        <Field
          label={t('pricing.startsOn')}
          type="date"
          value={form.startsOn}
          onChange={set('startsOn')}
          error={errors.startsOn}
        />
        <Field
          label={t('pricing.endsOn')}
          type="date"
          value={form.endsOn}
          onChange={set('endsOn')}
          error={errors.endsOn}
        />
        <Field
          label={t('pricing.maxUses')}
          type="number"
          min={1}
          value={form.maxUses}
          onChange={set('maxUses')}
          error={errors.maxUses}
        />
      </div>
      <Checkbox
        label={t('pricing.firstBookingOnly')}
        checked={form.firstBookingOnly}
        onChange={(firstBookingOnly) => setForm((f) => ({ ...f, firstBookingOnly }))}
      />
      <ErrorNote error={create.error} />
      <SavedNote show={create.isSuccess} />
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {t('pricing.add')}
      </button>
    </form>
  );
}

function PromotionRow({ promo, canEdit }: { promo: AdminPromotion; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { date, money } = useFormats();
  const toggle = useAdminMutation<AdminPromotion, { isActive: boolean }>('PATCH', `/promotions/${promo.id}`);
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="p-2 font-semibold">
        {promo.code}
      </th>
      <td className="p-2">{promo.kind === 'percent' ? `${promo.value}%` : money(promo.value)}</td>
      <td className="p-2">
        {date(promo.startsOn)} – {promo.endsOn ? date(promo.endsOn) : t('pricing.noEnd')}
      </td>
      <td className="p-2">
        {promo.usesCount}
        {promo.maxUses !== null && ` / ${promo.maxUses}`}
        {promo.firstBookingOnly && <> · {t('pricing.firstBookingOnly')}</>}
      </td>
      <td className="p-2">
        {canEdit ? (
          <Checkbox
            label={t('pricing.activeFor', { code: promo.code })}
            checked={promo.isActive}
            onChange={(isActive) => toggle.mutate({ isActive })}
          />
        ) : promo.isActive ? (
          t('pricing.active')
        ) : (
          t('pricing.inactive')
        )}
        <ErrorNote error={toggle.error} />
      </td>
    </tr>
  );
}

/** Add-on prices and promotion codes: staff see them, admins change them. */
export function PricingPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const addons = useAdminQuery<AdminAddon[]>('/addons');
  const promotions = useAdminQuery<AdminPromotion[]>('/promotions');
  return (
    <>
      <PageTitle title={t('pricing.title')} />
      <div className="space-y-4">
        <Card title={t('pricing.addons')}>
          <ErrorNote error={addons.error} />
          {addons.isPending && <Loading />}
          <ul>
            {addons.data?.map((a) => (
              <AddonRow key={`${a.code}-${a.pricePerDay}`} addon={a} canEdit={canEdit} />
            ))}
          </ul>
        </Card>
        <Card title={t('pricing.promotions')}>
          <ErrorNote error={promotions.error} />
          {promotions.isPending && <Loading />}
          {promotions.data && (
            <div className="mb-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="p-2">
                      {t('pricing.code')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('pricing.value')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('pricing.validity')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('pricing.uses')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('pricing.active')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {promotions.data.map((p) => (
                    <PromotionRow key={p.id} promo={p} canEdit={canEdit} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {canEdit && (
            <>
              <h3 className="mb-2 font-semibold">{t('pricing.newPromotion')}</h3>
              <NewPromotion />
            </>
          )}
        </Card>
      </div>
    </>
  );
}
