import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from '../../../lib/router';
import { Link } from '../../../lib/site-link';
import type { AdminCarModel, AdminCategory, CarModelBody } from '@siam/contract/admin';
import { fuels, specKeys, transmissions } from '@siam/contract/admin-constants';
import { languages, type Language } from '@siam/contract/languages';
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

type Localized = Record<Language, string>;
const emptyText = (): Localized => ({ th: '', en: '', zh: '' });

interface FormState {
  slug: string;
  categoryId: string;
  brand: Localized;
  model: Localized;
  description: Localized;
  pricePerDay: string;
  /** Empty on a new model: its category's deposit. */
  deposit: string;
  transmission: (typeof transmissions)[number];
  fuel: (typeof fuels)[number];
  seats: string;
  doors: string;
  luggage: string;
  specs: Record<string, string>;
  features: string[];
  isActive: boolean;
  isPopular: boolean;
}

function toForm(m?: AdminCarModel): FormState {
  return {
    slug: m?.slug ?? '',
    categoryId: m ? String(m.categoryId) : '',
    brand: m ? { ...m.brand } : emptyText(),
    model: m ? { ...m.model } : emptyText(),
    description: m ? { ...m.description } : emptyText(),
    pricePerDay: m ? String(m.pricePerDay) : '',
    deposit: m ? String(m.deposit) : '',
    transmission: m?.transmission ?? 'automatic',
    fuel: m?.fuel ?? 'petrol',
    seats: String(m?.seats ?? 5),
    doors: String(m?.doors ?? 4),
    luggage: String(m?.luggage ?? 2),
    specs: { ...(m?.specs ?? {}) },
    features: [...(m?.features ?? [])],
    isActive: m?.isActive ?? true,
    isPopular: m?.isPopular ?? false,
  };
}

function toBody(f: FormState): CarModelBody {
  return {
    slug: f.slug.trim(),
    categoryId: Number(f.categoryId),
    brand: f.brand,
    model: f.model,
    description: f.description,
    pricePerDay: Number(f.pricePerDay),
    ...(f.deposit.trim() !== '' && { deposit: Number(f.deposit) }),
    transmission: f.transmission,
    fuel: f.fuel,
    seats: Number(f.seats),
    doors: Number(f.doors),
    luggage: Number(f.luggage),
    specs: Object.fromEntries(Object.entries(f.specs).filter(([, v]) => v.trim() !== '')),
    features: f.features,
    isActive: f.isActive,
    isPopular: f.isPopular,
  };
}

function CarModelForm({ initial, canEdit }: { initial?: AdminCarModel; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(() => toForm(initial));
  const categories = useAdminQuery<AdminCategory[]>('/categories');
  const features = useAdminQuery<{ key: string; name: Localized }[]>('/features');
  const save = useAdminMutation<AdminCarModel, CarModelBody>(
    initial ? 'PATCH' : 'POST',
    initial ? `/car-models/${initial.id}` : '/car-models',
  );
  const errors = fieldErrors(save.error);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setText = (key: 'brand' | 'model' | 'description', language: Language, value: string) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], [language]: value } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(toBody(form), {
      onSuccess: (saved) => {
        if (!initial) navigate(`/admin/fleet/${saved.id}`, { replace: true });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <fieldset disabled={!canEdit} className="space-y-6">
        <Card title={t('model.basics')}>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label={t('model.slug')}
              value={form.slug}
              onChange={(e) => set('slug', e.target.value)}
              error={errors.slug}
              hint={t('model.slugHint')}
            />
            <SelectField
              label={t('models.category')}
              value={form.categoryId}
              onChange={(e) => set('categoryId', e.target.value)}
              error={errors.categoryId}
            >
              <option value="">{t('choose')}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name[lng]}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('model.pricePerDay')}
              type="number"
              inputMode="decimal"
              min={1}
              step="0.01"
              value={form.pricePerDay}
              onChange={(e) => set('pricePerDay', e.target.value)}
              error={errors.pricePerDay}
            />
            <Field
              label={t('model.deposit')}
              type="number"
              inputMode="numeric"
              min={0}
              step="1"
              value={form.deposit}
              onChange={(e) => set('deposit', e.target.value)}
              error={errors.deposit}
            />
            <SelectField
              label={t('model.transmission')}
              value={form.transmission}
              onChange={(e) => set('transmission', e.target.value as FormState['transmission'])}
            >
              {transmissions.map((v) => (
                <option key={v} value={v}>
                  {t(`model.transmissions.${v}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('model.fuel')}
              value={form.fuel}
              onChange={(e) => set('fuel', e.target.value as FormState['fuel'])}
            >
              {fuels.map((v) => (
                <option key={v} value={v}>
                  {t(`model.fuels.${v}`)}
                </option>
              ))}
            </SelectField>
            <div className="grid grid-cols-3 gap-2">
              <Field
                label={t('model.seats')}
                type="number"
                min={1}
                max={20}
                value={form.seats}
                onChange={(e) => set('seats', e.target.value)}
                error={errors.seats}
              />
              <Field
                label={t('model.doors')}
                type="number"
                min={1}
                max={6}
                value={form.doors}
                onChange={(e) => set('doors', e.target.value)}
                error={errors.doors}
              />
              <Field
                label={t('model.luggage')}
                type="number"
                min={0}
                max={20}
                value={form.luggage}
                onChange={(e) => set('luggage', e.target.value)}
                error={errors.luggage}
              />
            </div>
          </div>
          <div className="mt-3 flex flex-wrap gap-6">
            <Checkbox
              label={t('model.isActive')}
              checked={form.isActive}
              onChange={(v) => set('isActive', v)}
            />
            <Checkbox
              label={t('model.isPopular')}
              checked={form.isPopular}
              onChange={(v) => set('isPopular', v)}
            />
          </div>
        </Card>

        <Card title={t('model.texts')}>
          <div className="grid gap-4 lg:grid-cols-3">
            {languages.map((language) => (
              <fieldset
                key={language}
                className="space-y-3 rounded-lg border border-slate-200 p-3"
                lang={language}
              >
                <legend className="px-1 font-semibold">{t(`frame.languages.${language}`)}</legend>
                <Field
                  label={t('model.brand')}
                  value={form.brand[language]}
                  onChange={(e) => setText('brand', language, e.target.value)}
                  error={errors[`brand.${language}`]}
                />
                <Field
                  label={t('model.modelName')}
                  value={form.model[language]}
                  onChange={(e) => setText('model', language, e.target.value)}
                  error={errors[`model.${language}`]}
                />
                <div>
                  <label htmlFor={`description-${language}`} className="field-label">
                    {t('model.description')}
                  </label>
                  <textarea
                    id={`description-${language}`}
                    className="field-input min-h-28"
                    value={form.description[language]}
                    onChange={(e) => setText('description', language, e.target.value)}
                    aria-invalid={errors[`description.${language}`] ? true : undefined}
                    aria-describedby={
                      errors[`description.${language}`] ? `description-${language}-error` : undefined
                    }
                  />
                  {errors[`description.${language}`] && (
                    <p id={`description-${language}-error`} className="field-error">
                      {errors[`description.${language}`]}
                    </p>
                  )}
                </div>
              </fieldset>
            ))}
          </div>
        </Card>

        <Card title={t('model.specs')}>
          <div className="grid gap-3 sm:grid-cols-3">
            {specKeys.map((key) => (
              <Field
                key={key}
                label={t(`model.specKeys.${key}`)}
                value={form.specs[key] ?? ''}
                onChange={(e) => set('specs', { ...form.specs, [key]: e.target.value })}
                error={errors[`specs.${key}`]}
              />
            ))}
          </div>
        </Card>

        <Card title={t('model.features')}>
          <div className="grid gap-1 sm:grid-cols-3">
            {features.data?.map((f) => (
              <Checkbox
                key={f.key}
                label={f.name[lng]}
                checked={form.features.includes(f.key)}
                onChange={(on) =>
                  set('features', on ? [...form.features, f.key] : form.features.filter((k) => k !== f.key))
                }
              />
            ))}
          </div>
          {errors.features && <p className="field-error">{errors.features}</p>}
        </Card>
      </fieldset>
      {canEdit && (
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {initial ? t('save') : t('models.create')}
          </button>
          <SavedNote show={save.isSuccess} />
        </div>
      )}
      <ErrorNote error={save.error} />
    </form>
  );
}

function Images({ model, canEdit }: { model: AdminCarModel; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const upload = useAdminMutation<AdminCarModel, FormData>('POST', `/car-models/${model.id}/images`);
  const remove = useAdminMutation<AdminCarModel, number>(
    'DELETE',
    (id) => `/car-models/${model.id}/images/${id}`,
  );
  return (
    <Card title={t('model.images')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {model.imageList.map((image, i) => (
          <li key={image.id} className="rounded-lg border border-slate-200 p-2">
            <picture>
              {image.variants
                .filter((v) => v.format === 'avif')
                .map((v) => (
                  <source key={v.url} type="image/avif" srcSet={`${v.url} ${v.width}w`} />
                ))}
              <img
                src={image.url}
                alt={t('model.imageAlt', { n: i + 1 })}
                width={image.width}
                height={image.height}
                className="h-auto w-full rounded"
                loading="lazy"
              />
            </picture>
            {canEdit && (
              <button
                type="button"
                className="mt-2 text-sm text-red-800 underline"
                onClick={() => remove.mutate(image.id)}
                disabled={remove.isPending}
              >
                {t('model.removeImage', { n: i + 1 })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const file = input.current?.files?.[0];
            if (!file) return;
            const data = new FormData();
            data.append('file', file);
            upload.mutate(data, {
              onSuccess: () => {
                if (input.current) input.current.value = '';
              },
            });
          }}
        >
          <div>
            <label htmlFor="car-image-file" className="field-label">
              {t('model.uploadLabel')}
            </label>
            <input
              id="car-image-file"
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={upload.isPending}>
            {upload.isPending ? t('model.uploading') : t('model.upload')}
          </button>
          <SavedNote show={upload.isSuccess} />
        </form>
      )}
      <ErrorNote error={upload.error ?? remove.error} />
    </Card>
  );
}

export function CarModelPage({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const isNew = id === 'new';
  const model = useAdminQuery<AdminCarModel>(`/car-models/${id}`, undefined, { enabled: !isNew });
  const title = isNew
    ? t('models.add')
    : model.data
      ? `${model.data.brand[lng]} ${model.data.model[lng]}`
      : t('models.title');
  return (
    <>
      <PageTitle title={title}>
        <Link to="/admin/fleet" className="underline">
          {t('models.back')}
        </Link>
      </PageTitle>
      {isNew ? (
        <CarModelForm canEdit={canEdit} />
      ) : (
        <>
          <ErrorNote error={model.error} />
          {model.isPending && <Loading />}
          {model.data && (
            <div className="space-y-6">
              <CarModelForm key={model.data.id} initial={model.data} canEdit={canEdit} />
              <Images model={model.data} canEdit={canEdit} />
            </div>
          )}
        </>
      )}
    </>
  );
}
