import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { useParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { NotFoundPage } from '../pages/not-found-page';
import { articleBodyClass } from './article-body';
import { articleQuery, formatDate } from './articles-api';
import { pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';

export function ArticlePage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation('content');
  const lang = i18n.resolvedLanguage ?? 'en';
  const { data, isPending, error, refetch } = useQuery(articleQuery(lang, slug));
  usePageMeta(data?.title, data?.excerpt);

  if (error instanceof ApiError && error.httpStatus === 404)
    return (
      <NotFoundPage
        title={t('articles.notFoundTitle')}
        text={t('articles.notFoundText')}
        back={{ to: '/articles', label: t('articles.backToList') }}
      />
    );
  if (error)
    return (
      <div role="alert" className="container-page py-12">
        <p>{error.message}</p>
        <button type="button" className="btn-outline mt-4" onClick={() => void refetch()}>
          {t('articles.retry')}
        </button>
      </div>
    );
  if (isPending)
    return (
      <div className="container-page py-12" aria-busy="true">
        <div className="h-10 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="mt-6 aspect-[40/21] max-w-3xl animate-pulse rounded-2xl bg-slate-100" />
      </div>
    );

  return (
    <article className="container-page max-w-3xl py-12">
      <Link to="/articles" className="text-brand-700 hover:underline">
        ← {t('articles.backToList')}
      </Link>
      {!data.translated && (
        <p role="note" className="mt-6 flex gap-2 rounded-xl bg-sand-100 p-4 text-slate-900">
          <Info aria-hidden size={20} className="mt-0.5 shrink-0" />
          {t('articles.fallbackNotice')}
        </p>
      )}
      <div lang={data.language}>
        <h1 className="mt-6 text-3xl md:text-4xl">{data.title}</h1>
        <p className="mt-3 text-sm text-slate-700">
          <time dateTime={data.publishedAt}>
            {t('articles.published', { date: formatDate(data.publishedAt, lang) })}
          </time>
        </p>
        <ResponsiveImg
          src={data.coverImage}
          sizes={pictureSizes.articleCover}
          alt=""
          width={800}
          height={420}
          className="mt-6 aspect-[40/21] w-full rounded-2xl object-cover"
        />
        <p className="mt-6 text-lg text-slate-800">{data.excerpt}</p>
        <div
          data-testid="article-body"
          className={`mt-6 ${articleBodyClass}`}
          // The API renders the Markdown and sanitizes it with an allow-list (no scripts, handlers, iframes or javascript: links).
          dangerouslySetInnerHTML={{ __html: data.html }}
        />
      </div>
    </article>
  );
}

export const Component = ArticlePage;
