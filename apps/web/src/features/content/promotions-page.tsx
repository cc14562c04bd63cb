import { useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { publicPromotionCodes, type CurrentDealsResponse } from '@siam/contract/content';
import { apiRequest } from '../../lib/api-client';
import { formatBaht } from '../../lib/money';
import { usePageMeta } from '../../lib/use-page-meta';
import { formatDate } from './articles-api';
import { pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';

export function PromotionsPage() {
  const { t, i18n } = useTranslation('content');
  usePageMeta(t('promotions.metaTitle'), t('promotions.metaDescription'));
  const lang = i18n.resolvedLanguage ?? 'en';
  const { data: deals, isPending } = useQuery({
    queryKey: ['current-deals', lang],
    queryFn: () => apiRequest<CurrentDealsResponse>('/guest/promotions/current').then((r) => r.response.data),
    staleTime: 60_000,
  });

  return (
    <div className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('promotions.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('promotions.lead')}</p>

      <section aria-labelledby="promo-deals" className="mt-10">
        <h2 id="promo-deals" className="text-2xl">
          {t('promotions.dealsTitle')}
        </h2>
        {isPending && <div className="mt-4 h-40 animate-pulse rounded-2xl bg-slate-100" aria-busy="true" />}
        {deals && deals.length === 0 && <p className="mt-4">{t('promotions.noDeals')}</p>}
        {deals && deals.length > 0 && (
          <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {deals.map((d) => {
              const price = Number(d.pricePerDay);
              const discounted = d.dealPricePerDay;
              return (
                <li key={d.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200">
                  <ResponsiveImg
                    src={d.image}
                    sizes={pictureSizes.carCard}
                    alt=""
                    width={800}
                    height={500}
                    className="aspect-[8/5] w-full object-contain bg-sand-100"
                    loading="lazy"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <p className="self-start rounded-full bg-action-500 px-3 py-1 text-sm font-semibold text-slate-900">
                      {t('promotions.off', { percent: d.discountPercent })}
                    </p>
                    <h3 className="mt-3 text-xl">{d.carName}</h3>
                    <p className="mt-1">
                      <s className="text-slate-600">{formatBaht(price)}</s>{' '}
                      <span className="text-lg font-semibold text-brand-700">
                        {t('promotions.from', { price: formatBaht(discounted) })}
                      </span>
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {t('promotions.endsOn', { date: formatDate(d.endsAt, lang) })}
                    </p>
                    <Link to={`/cars/${d.carModelId}`} className="btn-primary mt-4 self-start">
                      {t('promotions.viewCar')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="promo-codes" className="mt-12">
        <h2 id="promo-codes" className="text-2xl">
          {t('promotions.codesTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('promotions.codesLead')}</p>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {publicPromotionCodes.map((c) => (
            <li key={c.code} className="rounded-2xl border-2 border-dashed border-brand-700 p-5">
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Tag aria-hidden size={16} /> {t('promotions.codeLabel')}
              </p>
              <p className="mt-1 font-mono text-2xl font-semibold tracking-wider text-brand-700">{c.code}</p>
              <p className="mt-2">{t(`promotions.codes.${c.code}`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const Component = PromotionsPage;
