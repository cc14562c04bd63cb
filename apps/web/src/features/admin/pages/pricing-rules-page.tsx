import { useState, type FormEvent } from 'react';
import type { AdminCarModelSummary, AdminCategory } from '@siam/contract/admin';
import { languages } from '@siam/contract/languages';
import type { PricingRule } from '@siam/contract/admin-pricing-rules';
import { pricingRuleKinds, type PricingRuleKind } from '@siam/contract/pricing-rules';
import { apiRequest } from '../../../lib/api-client';
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
  bangkokToday,
  useFormats,
} from '../admin-ui';

type Scope = 'all' | 'categories' | 'model';
const blank = {
  kind: 'season' as PricingRuleKind,
  th: '',
  en: '',
  zh: '',
  startsOn: '',
  endsOn: '',
  weekdays: [6, 7],
  minDays: '7',
  graceHours: '1',
  scope: 'all' as Scope,
  categoryIds: [] as number[],
  carModelId: '',
  percent: '',
  dailyPrice: '',
};
type Draft = typeof blank;

/** The form as the API takes a rule. */
function toBody(f: Draft) {
  return {
    kind: f.kind,
    name: { th: f.th, en: f.en, zh: f.zh },
    startsOn: f.kind === 'season' ? f.startsOn || null : null,
    endsOn: f.kind === 'season' ? f.endsOn || null : null,
    weekdays: f.kind === 'weekend' ? f.weekdays : [],
    minDays: f.kind === 'duration' ? Number(f.minDays) : null,
    graceHours: f.kind === 'late' ? Number(f.graceHours) : null,
    categoryIds: f.scope === 'categories' ? f.categoryIds : null,
    carModelId: f.scope === 'model' && f.carModelId ? Number(f.carModelId) : null,
    percent: f.percent === '' ? null : Number(f.percent),
    dailyPrice: f.kind === 'season' && f.dailyPrice !== '' ? Number(f.dailyPrice) : null,
  };
}

interface Preview {
  days: number;
  rentalAmount: number;
  rentalAfterRules: number;
  rules: { kind: PricingRuleKind; label: string; days: number; hours?: number; amount: number }[];
}

/** Tries the rule being written on a model and dates before it is saved: what the rental would cost. */
function RulePreview({ draft, models }: { draft: Draft; models: AdminCarModelSummary[] }) {
  const { t } = useTranslation('admin');
  const { lng, money } = useFormats();
  const [trial, setTrial] = useState({
    carModelId: String(models[0]?.id ?? ''),
    pickupDate: bangkokToday(),
    returnDate: '',
    pickupTime: '09:00',
    returnTime: '18:00',
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const askPreview = () => {
    setPreviewError(null);
    apiRequest<{ response: { data: Preview } }>('/admin/pricing-rules/preview', {
      method: 'POST',
      body: {
        carModelId: Number(trial.carModelId),
        pickupDate: trial.pickupDate,
        returnDate: trial.returnDate,
        pickupTime: trial.pickupTime,
        returnTime: trial.returnTime,
        draft: toBody(draft),
      },
    }).then(
      (r) => setPreview(r.response.data),
      (error: unknown) => (setPreview(null), setPreviewError(error)),
    );
  };
  return (
    <section aria-labelledby="rule-preview" className="rounded-lg border border-slate-200 p-3">
      <h3 id="rule-preview" className="font-semibold">
        {t('rules.preview')}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-4">
        <SelectField
          label={t('rules.model')}
          value={trial.carModelId}
          onChange={(e) => setTrial({ ...trial, carModelId: e.target.value })}
        >
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.brand[lng]} {m.model[lng]}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('rules.pickup')}
          type="date"
          value={trial.pickupDate}
          onChange={(e) => setTrial({ ...trial, pickupDate: e.target.value })}
        />
        <Field
          label={t('rules.return')}
          type="date"
          value={trial.returnDate}
          onChange={(e) => setTrial({ ...trial, returnDate: e.target.value })}
        />
        <Field
          label={t('rules.pickupTime')}
          type="time"
          step={1800}
          value={trial.pickupTime}
          onChange={(e) => setTrial({ ...trial, pickupTime: e.target.value })}
        />
        <Field
          label={t('rules.returnTime')}
          type="time"
          step={1800}
          value={trial.returnTime}
          onChange={(e) => setTrial({ ...trial, returnTime: e.target.value })}
        />
        <div className="flex items-end">
          <button type="button" className="btn-outline" onClick={askPreview}>
            {t('rules.showPreview')}
          </button>
        </div>
      </div>
      <ErrorNote error={previewError} />
      {preview && (
        <dl className="mt-3 space-y-1" data-testid="rule-preview">
          <div className="flex justify-between gap-4">
            <dt>{t('rules.base', { count: preview.days })}</dt>
            <dd>{money(preview.rentalAmount / 100)}</dd>
          </div>
          {preview.rules.map((r, i) => (
            <div key={i} className="flex justify-between gap-4">
              <dt>
                {r.kind === 'late'
                  ? t('rules.lateLine', { name: r.label, count: r.hours })
                  : t('rules.line', { name: r.label, count: r.days })}
              </dt>
              <dd>{money(r.amount / 100)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 font-semibold">
            <dt>{t('rules.after')}</dt>
            <dd>{money(preview.rentalAfterRules / 100)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
function RuleForm({ categories, models }: { categories: AdminCategory[]; models: AdminCarModelSummary[] }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const [form, setForm] = useState(blank);
  const create = useAdminMutation<PricingRule, ReturnType<typeof toBody>>('POST', '/pricing-rules');
  const errors = fieldErrors(create.error);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(toBody(form), { onSuccess: () => setForm(blank) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('rules.add')} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label={t('rules.kind')} value={form.kind} onChange={set('kind')}>
          {pricingRuleKinds.map((k) => (
            <option key={k} value={k}>
              {t(`rules.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        {languages.map((l) => (
          <Field
            key={l}
            lang={l}
            label={t('rules.nameIn', { language: t(`frame.languages.${l}`) })}
            value={form[l]}
            onChange={set(l)}
            error={errors[`name.${l}`]}
          />
        ))}
        {form.kind === 'season' && (
          <>
            <Field
              label={t('rules.startsOn')}
              type="date"
              value={form.startsOn}
              onChange={set('startsOn')}
              error={errors.startsOn}
            />
            <Field
              label={t('rules.endsOn')}
              type="date"
              value={form.endsOn}
              onChange={set('endsOn')}
              error={errors.endsOn}
            />
          </>
        )}
        {form.kind === 'late' && (
          <Field
            label={t('rules.graceHours')}
            hint={t('rules.graceHint')}
            type="number"
            min={0}
            max={23}
            value={form.graceHours}
            onChange={set('graceHours')}
            error={errors.graceHours}
          />
        )}
        {form.kind === 'duration' && (
          <Field
            label={t('rules.minDays')}
            type="number"
            min={2}
            value={form.minDays}
            onChange={set('minDays')}
            error={errors.minDays}
          />
        )}
        <Field
          label={t('rules.percent')}
          hint={t(form.kind === 'late' ? 'rules.latePercentHint' : 'rules.percentHint')}
          type="number"
          value={form.percent}
          onChange={set('percent')}
          error={errors.percent}
        />
        {form.kind === 'season' && (
          <Field
            label={t('rules.dailyPrice')}
            hint={t('rules.dailyPriceHint')}
            type="number"
            min={1}
            value={form.dailyPrice}
            onChange={set('dailyPrice')}
            error={errors.dailyPrice}
          />
        )}
      </div>
      {form.kind === 'weekend' && (
        <fieldset>
          <legend className="field-label">{t('rules.weekdays')}</legend>
          <div className="flex flex-wrap gap-x-4">
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <Checkbox
                key={d}
                label={t(`rules.day${d}`)}
                checked={form.weekdays.includes(d)}
                onChange={(on) =>
                  setForm((f) => ({
                    ...f,
                    weekdays: on ? [...f.weekdays, d].sort() : f.weekdays.filter((x) => x !== d),
                  }))
                }
              />
            ))}
          </div>
          {errors.weekdays && <p className="field-error">{errors.weekdays}</p>}
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label={t('rules.scope')} value={form.scope} onChange={set('scope')}>
          <option value="all">{t('rules.scopes.all')}</option>
          <option value="categories">{t('rules.scopes.categories')}</option>
          <option value="model">{t('rules.scopes.model')}</option>
        </SelectField>
        {form.scope === 'model' && (
          <SelectField
            label={t('rules.model')}
            value={form.carModelId}
            onChange={set('carModelId')}
            error={errors.carModelId}
          >
            <option value="">{t('choose')}</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.brand[lng]} {m.model[lng]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {form.scope === 'categories' && (
        <fieldset>
          <legend className="field-label">{t('rules.categories')}</legend>
          <div className="flex flex-wrap gap-x-4">
            {categories.map((c) => (
              <Checkbox
                key={c.id}
                label={c.name[lng]}
                checked={form.categoryIds.includes(c.id)}
                onChange={(on) =>
                  setForm((f) => ({
                    ...f,
                    categoryIds: on ? [...f.categoryIds, c.id] : f.categoryIds.filter((x) => x !== c.id),
                  }))
                }
              />
            ))}
          </div>
        </fieldset>
      )}
      <RulePreview draft={form} models={models} />
      <ErrorNote error={create.error && !Object.keys(errors).length ? create.error : null} />
      <SavedNote show={create.isSuccess} />
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {t('rules.add')}
      </button>
    </form>
  );
}

function RuleRow({
  rule,
  canEdit,
  categories,
}: {
  rule: PricingRule;
  canEdit: boolean;
  categories: AdminCategory[];
}) {
  const { t } = useTranslation('admin');
  const { lng, date, money } = useFormats();
  const toggle = useAdminMutation<PricingRule, unknown>('PUT', `/pricing-rules/${rule.id}`);
  const remove = useAdminMutation<unknown, undefined>('DELETE', `/pricing-rules/${rule.id}`);
  const when =
    rule.kind === 'season'
      ? `${date(rule.startsOn!)} – ${date(rule.endsOn!)}`
      : rule.kind === 'weekend'
        ? rule.weekdays.map((d) => t(`rules.day${d}`)).join(', ')
        : rule.kind === 'late'
          ? t('rules.afterHours', { count: rule.graceHours ?? 0 })
          : t('rules.fromDays', { count: rule.minDays ?? 0 });
  const scope =
    rule.carModelId !== null
      ? t('rules.scopes.model')
      : rule.categoryIds === null
        ? t('rules.scopes.all')
        : categories
            .filter((c) => rule.categoryIds!.includes(c.id))
            .map((c) => c.name[lng])
            .join(', ');
  const { id: _id, ...body } = rule;
  return (
    <tr className="border-b border-slate-100 align-top">
      <th scope="row" className="p-2 text-left font-semibold">
        {rule.name[lng]}
      </th>
      <td className="p-2">{when}</td>
      <td className="p-2">
        {rule.dailyPrice !== null
          ? money(rule.dailyPrice)
          : rule.kind === 'late'
            ? t('rules.perHour', { percent: rule.percent })
            : `${rule.percent! > 0 ? '+' : ''}${rule.percent}%`}
      </td>
      <td className="p-2">{scope}</td>
      <td className="p-2">
        {canEdit ? (
          <>
            <Checkbox
              label={t('rules.activeFor', { name: rule.name[lng] })}
              checked={rule.isActive}
              onChange={(isActive) => toggle.mutate({ ...body, isActive })}
            />
            <button
              type="button"
              className="btn-outline mt-1"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined)}
            >
              {t('rules.remove', { name: rule.name[lng] })}
            </button>
          </>
        ) : rule.isActive ? (
          t('pricing.active')
        ) : (
          t('pricing.inactive')
        )}
        <ErrorNote error={toggle.error ?? remove.error} />
      </td>
    </tr>
  );
}

/** Seasons and holidays, weekend prices, duration tiers and late returns: staff see them, admins set them with a preview. */
export function PricingRulesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const rules = useAdminQuery<PricingRule[]>('/pricing-rules');
  const categories = useAdminQuery<AdminCategory[]>('/categories');
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models');
  return (
    <>
      <PageTitle title={t('rules.title')} />
      <div className="space-y-4">
        <Card title={t('rules.list')}>
          <p className="text-slate-700">{t('rules.help')}</p>
          <ErrorNote error={rules.error} />
          {rules.isPending && <Loading />}
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-left">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="p-2">
                    {t('rules.name')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('rules.when')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('rules.change')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('rules.scope')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('rules.state')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.data?.map((r) => (
                  <RuleRow
                    key={`${r.id}-${String(r.isActive)}`}
                    rule={r}
                    canEdit={canEdit}
                    categories={categories.data ?? []}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        {canEdit && categories.data && models.data && (
          <Card title={t('rules.add')}>
            <RuleForm categories={categories.data} models={models.data.filter((m) => m.isActive)} />
          </Card>
        )}
      </div>
    </>
  );
}
