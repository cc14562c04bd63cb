import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { AdminCarModelSummary, AdminCategory } from '@siam/contract/admin';
import { useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, useFormats } from '../admin-ui';

export function CarModelsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng, money } = useFormats();
  const [q, setQ] = useState('');
  const models = useAdminQuery<AdminCarModelSummary[]>('/car-models', { q });
  const categories = useAdminQuery<AdminCategory[]>('/categories');
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name[lng] ?? '';
  return (
    <>
      <PageTitle title={t('models.title')}>
        {canEdit && (
          <Link to="/admin/fleet/new" className="btn-primary">
            {t('models.add')}
          </Link>
        )}
      </PageTitle>
      <div className="mb-4 max-w-sm" role="search">
        <Field label={t('models.search')} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <ErrorNote error={models.error} />
      {models.isPending && <Loading />}
      {models.data && (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-left" aria-label={t('models.title')}>
              <thead>
                <tr className="border-b border-slate-200 text-sm text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    {t('models.name')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('models.category')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('models.price')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('models.state')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('models.units')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('models.images')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {models.data.map((m) => (
                  <tr key={m.id} className="border-b border-slate-100" data-testid="car-model-row">
                    <th scope="row" className="py-2 pr-3">
                      <Link to={`/admin/fleet/${m.id}`} className="font-semibold text-brand-700 underline">
                        {m.brand[lng]} {m.model[lng]}
                      </Link>
                    </th>
                    <td className="py-2 pr-3">{categoryName(m.categoryId)}</td>
                    <td className="py-2 pr-3" data-testid="car-model-price">
                      {money(m.pricePerDay)}
                    </td>
                    <td className="py-2 pr-3">{m.isActive ? t('models.active') : t('models.hidden')}</td>
                    <td className="py-2 pr-3">{m.units}</td>
                    <td className="py-2 pr-3">{m.images}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </>
  );
}
