import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { usePageMeta } from '../../lib/use-page-meta';
import { articlesQuery } from './articles-api';

const groups = [
  {
    title: 'rent',
    links: [
      ['home', '/'],
      ['cars', '/cars'],
      ['promotions', '/promotions'],
      ['corporate', '/corporate'],
    ],
  },
  {
    title: 'company',
    links: [
      ['about', '/about'],
      ['howItWorks', '/how-it-works'],
      ['contact', '/contact'],
      ['articles', '/articles'],
    ],
  },
  {
    title: 'help',
    links: [
      ['terms', '/terms'],
      ['privacy', '/privacy'],
    ],
  },
  {
    title: 'account',
    links: [
      ['login', '/login'],
      ['register', '/register'],
      ['myBookings', '/my-bookings'],
      ['profile', '/profile'],
    ],
  },
] as const;

/** The human site map the footer links to; the machine one is /sitemap.xml. */
export function SitemapPage() {
  const { t, i18n } = useTranslation('content');
  usePageMeta(t('sitemap.metaTitle'), t('sitemap.metaDescription'));
  const { data } = useQuery({ ...articlesQuery(i18n.resolvedLanguage ?? 'en', 1), select: (r) => r.data });
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('sitemap.title')}</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
        {groups.map((g) => (
          <nav key={g.title} aria-labelledby={`sitemap-${g.title}`}>
            <h2 id={`sitemap-${g.title}`} className="text-xl">
              {t(`sitemap.${g.title}`)}
            </h2>
            <ul className="mt-2">
              {g.links.map(([key, to]) => (
                <li key={key}>
                  <Link to={to} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
                    {t(`sitemap.links.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {data && data.length > 0 && (
        <nav aria-labelledby="sitemap-articles" className="mt-10">
          <h2 id="sitemap-articles" className="text-xl">
            {t('sitemap.articles')}
          </h2>
          <ul className="mt-2 grid gap-x-8 md:grid-cols-2">
            {data.map((a) => (
              <li key={a.slug}>
                <Link
                  to={`/articles/${a.slug}`}
                  className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                >
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

export const Component = SitemapPage;
