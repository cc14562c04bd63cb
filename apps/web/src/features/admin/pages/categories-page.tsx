import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminCategory } from '@siam/contract/admin';
import { defaultDriverRules } from '@siam/contract/rental-rules';
import { languages, type Language } from '@siam/contract/languages';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, SavedNote, useFormats } from '../admin-ui';

type Localized = Record<Language, string>;

function CategoryForm({ category }: { category?: AdminCategory }) {
  const { t } = useTranslation('admin');
  const { lng: staffLanguage } = useFormats();
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [name, setName] = useState<Localized>(category ? { ...category.name } : { th: '', en: '', zh: '' });
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? 0));
  const [minAge, setMinAge] = useState(String(category?.minDriverAge ?? defaultDriverRules.minAge));
  const [maxAge, setMaxAge] = useState(String(category?.maxDriverAge ?? ''));
  const [years, setYears] = useState(String(category?.minLicenceYears ?? defaultDriverRules.minLicenceYears));
  const save = useAdminMutation<
    AdminCategory,
    {
      slug: string;
      name: Localized;
      sortOrder: number;
      minDriverAge: number;
      maxDriverAge: number | null;
      minLicenceYears: number;
    }
  >(category ? 'PATCH' : 'POST', category ? `/categories/${category.id}` : '/categories');
  const errors = fieldErrors(save.error);
  return (
    <form
      noValidate
      aria-label={category ? category.name[staffLanguage] || category.name.en : t('categories.add')}
      className="grid gap-3 sm:grid-cols-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            slug,
            name,
            sortOrder: Number(sortOrder),
            minDriverAge: Number(minAge),
            maxDriverAge: maxAge.trim() === '' ? null : Number(maxAge),
            minLicenceYears: Number(years),
          },
          {
            onSuccess: () => {
              if (!category) {
                setSlug('');
                setName({ th: '', en: '', zh: '' });
              }
            },
          },
        );
      }}
    >
      <Field
        label={t('model.slug')}
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        error={errors.slug}
      />
      {languages.map((lng) => (
        <Field
          key={lng}
          lang={lng}
          label={t('categories.nameIn', { language: t(`frame.languages.${lng}`) })}
          value={name[lng]}
          onChange={(e) => setName({ ...name, [lng]: e.target.value })}
          error={errors[`name.${lng}`]}
        />
      ))}
      <Field
        label={t('categories.order')}
        type="number"
        min={0}
        value={sortOrder}
        onChange={(e) => setSortOrder(e.target.value)}
        error={errors.sortOrder}
      />
      <Field
        label={t('categories.minDriverAge')}
        type="number"
        min={18}
        value={minAge}
        onChange={(e) => setMinAge(e.target.value)}
        error={errors.minDriverAge}
      />
      <Field
        label={t('categories.maxDriverAge')}
        hint={t('categories.maxDriverAgeHint')}
        type="number"
        min={18}
        value={maxAge}
        onChange={(e) => setMaxAge(e.target.value)}
        error={errors.maxDriverAge}
      />
      <Field
        label={t('categories.minLicenceYears')}
        type="number"
        min={0}
        value={years}
        onChange={(e) => setYears(e.target.value)}
        error={errors.minLicenceYears}
      />
      <div className="flex items-center gap-3 sm:col-span-6">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {category ? t('save') : t('categories.addSubmit')}
        </button>
        <SavedNote show={save.isSuccess} />
      </div>
      <div className="sm:col-span-6">
        <ErrorNote error={save.error} />
      </div>
    </form>
  );
}

export function CategoriesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const categories = useAdminQuery<AdminCategory[]>('/categories');
  return (
    <>
      <PageTitle title={t('categories.title')} />
      <ErrorNote error={categories.error} />
      {categories.isPending && <Loading />}
      <div className="space-y-4">
        {categories.data?.map((c) => (
          <Card
            key={c.id}
            title={`${c.name.th} · ${c.name.en} · ${c.name.zh} (${t('categories.models', { count: c.carModels })})`}
          >
            {canEdit ? <CategoryForm category={c} /> : <p className="text-slate-700">{c.slug}</p>}
          </Card>
        ))}
        {canEdit && (
          <Card title={t('categories.add')}>
            <CategoryForm />
          </Card>
        )}
      </div>
    </>
  );
}
