import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageMeta(t('notFound.title'));
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" data-testid="not-found">
      <p className="text-6xl font-semibold text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 max-w-md text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className="btn-action mt-8">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

export const Component = NotFoundPage;
