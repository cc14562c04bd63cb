import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { AdminArticle, AdminArticleSummary } from '@siam/contract/admin-content';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, useFormats } from '../admin-ui';

function ArticleRow({ article }: { article: AdminArticleSummary }) {
  const { t } = useTranslation('admin');
  const { date, lng } = useFormats();
  const publish = useAdminMutation<AdminArticle, { isPublished: boolean }>(
    'POST',
    `/articles/${article.id}/publish`,
  );
  const title = article.title[lng] || article.title.en;
  return (
    <tr data-testid="article-row" className="border-b border-slate-100 align-top">
      <th scope="row" className="py-3 pr-3 text-left font-semibold">
        <Link to={`/admin/articles/${article.id}`} className="text-brand-700 underline">
          {title}
        </Link>
        <span className="block text-sm font-normal text-slate-600">/articles/{article.slug}</span>
      </th>
      <td className="py-3 pr-3">
        <span
          className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${
            article.isPublished ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {article.isPublished ? t('articles.published') : t('articles.draft')}
        </span>
      </td>
      <td className="py-3 pr-3 text-sm">{article.isPublished ? date(article.publishedAt) : '—'}</td>
      <td className="py-3 text-sm">{date(article.updatedAt)}</td>
      <td className="py-3 pl-3">
        <button
          type="button"
          className="btn-outline"
          disabled={publish.isPending}
          aria-label={t(article.isPublished ? 'articles.unpublishNamed' : 'articles.publishNamed', { title })}
          onClick={() => publish.mutate({ isPublished: !article.isPublished })}
        >
          {article.isPublished ? t('articles.unpublish') : t('articles.publish')}
        </button>
        <ErrorNote error={publish.error} />
      </td>
    </tr>
  );
}

/** Every article, drafts first: open one to edit it, or publish and withdraw from here. */
export function ArticlesPage() {
  const { t } = useTranslation('admin');
  const list = useAdminQuery<AdminArticleSummary[]>('/articles');
  return (
    <>
      <PageTitle title={t('articles.title')}>
        <Link to="/admin/articles/new" className="btn-primary">
          {t('articles.new')}
        </Link>
      </PageTitle>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <Card>
          {list.data.length === 0 ? (
            <p className="text-slate-600">{t('articles.none')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full">
                <caption className="sr-only">{t('articles.title')}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-sm text-slate-700">
                    <th scope="col" className="py-2 pr-3">
                      {t('articles.articleTitle')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('articles.status')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('articles.publishedOn')}
                    </th>
                    <th scope="col" className="py-2">
                      {t('articles.updatedOn')}
                    </th>
                    <th scope="col" className="py-2 pl-3">
                      <span className="sr-only">{t('articles.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((a) => (
                    <ArticleRow key={a.id} article={a} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}
    </>
  );
}
