import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';

export function HomePage() {
  const { t } = useTranslation('home');
  usePageMeta(t('metaTitle'));
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white">
      <img
        src="/images/hero-road.svg"
        alt=""
        width={1600}
        height={600}
        fetchPriority="high"
        className="absolute inset-0 h-full w-full object-cover opacity-40"
      />
      <div className="container-page relative py-20 md:py-28">
        <h1 className="max-w-2xl text-3xl text-white md:text-5xl">{t('heroTitle')}</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-100">{t('heroText')}</p>
        <Link to="/cars" className="btn-action mt-8">
          {t('heroCta')}
        </Link>
      </div>
    </section>
  );
}

export const Component = HomePage;
