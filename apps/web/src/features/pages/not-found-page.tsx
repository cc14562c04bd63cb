import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * The not-found page. A screen that knows what was missing (an article, a car)
 * says so and offers its own way back instead of the generic words.
 */
export function NotFoundPage({
  title,
  text,
  back,
}: {
  title?: string;
  text?: string;
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation('common');
  const heading = title ?? t('notFound.title');
  usePageMeta(heading);
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" data-testid="not-found">
      <p className="text-6xl font-semibold text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl">{heading}</h1>
      <p className="mt-3 max-w-md text-slate-700">{text ?? t('notFound.text')}</p>
      <Link to={back?.to ?? '/'} className="btn-action mt-8">
        {back?.label ?? t('notFound.backHome')}
      </Link>
    </section>
  );
}

export function Component() {
  return <NotFoundPage />;
}
