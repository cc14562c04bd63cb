import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { setOrDelete, useAddressParams } from '../../lib/use-address-params';
import { usePageMeta } from '../../lib/use-page-meta';
import { articlesQuery, formatDate } from './articles-api';
import { pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';

export function ArticlesPage() {
  const { t, i18n } = useTranslation('content');
  usePageMeta(t('articles.metaTitle'), t('articles.metaDescription'));
  const lang = i18n.resolvedLanguage ?? 'en';
  const [params, changeParams] = useAddressParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch } = useQuery(articlesQuery(lang, page));

  const goTo = (next: number) => {
    changeParams((current) => setOrDelete(current, 'page', next === 1 ? '' : String(next)));
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('articles.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('articles.lead')}</p>

      {isError && (
        <div role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-900">
          {t('articles.loadError')}{' '}
          <button type="button" className="btn-outline ml-2" onClick={() => void refetch()}>
            {t('articles.retry')}
          </button>
        </div>
      )}

      {isPending && (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-80 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </ul>
      )}

      {data && data.data.length === 0 && <p className="mt-8">{t('articles.empty')}</p>}

      {data && data.data.length > 0 && (
        <>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {data.data.map((a) => (
              <li key={a.slug}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200">
                  <ResponsiveImg
                    src={a.coverImage}
                    sizes={pictureSizes.articleCover}
                    alt=""
                    width={800}
                    height={420}
                    className="aspect-[40/21] w-full object-cover"
                    loading="lazy"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <p className="text-sm text-slate-700">
                      <time dateTime={a.publishedAt}>
                        {t('articles.published', { date: formatDate(a.publishedAt, lang) })}
                      </time>
                      {!a.translated && (
                        <span className="ml-2 rounded bg-sand-100 px-2 py-0.5 text-xs">
                          {t('articles.fallbackBadge')}
                        </span>
                      )}
                    </p>
                    <h2 className="mt-2 text-xl" lang={a.language}>
                      <Link to={`/articles/${a.slug}`} className="hover:underline">
                        {a.title}
                      </Link>
                    </h2>
                    <p className="mt-2 flex-1 text-slate-700" lang={a.language}>
                      {a.excerpt}
                    </p>
                    <Link
                      to={`/articles/${a.slug}`}
                      className="mt-4 font-semibold text-brand-700 hover:underline"
                      aria-label={`${t('articles.readMore')}: ${a.title}`}
                    >
                      {t('articles.readMore')} →
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          {data.pagination.total_pages > 1 && (
            <nav
              aria-label={t('articles.paginationLabel')}
              className="mt-10 flex items-center justify-center gap-4"
            >
              <button
                type="button"
                className="btn-outline"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {t('articles.previous')}
              </button>
              <span aria-live="polite">
                {t('articles.pageOf', { page, total: data.pagination.total_pages })}
              </span>
              <button
                type="button"
                className="btn-outline"
                disabled={page >= data.pagination.total_pages}
                onClick={() => goTo(page + 1)}
              >
                {t('articles.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

export const Component = ArticlesPage;
