import { useTranslation } from '../../lib/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';

export function AboutPage() {
  const { t } = useTranslation('pages');
  usePageMeta(t('about.metaTitle'), t('about.metaDescription'));
  const history = t('about.history', { returnObjects: true }) as string[];
  const values = t('about.values', { returnObjects: true }) as string[];
  const stats = [
    // The year in the reader's calendar, like the history beside it: Buddhist Era in Thai (2558).
    { value: t('about.stats.foundedYear'), label: t('about.stats.founded') },
    { value: '10', label: t('about.stats.startedWith') },
    { value: '500+', label: t('about.stats.fleet') },
    { value: '14', label: t('about.stats.branches') },
  ];
  return (
    <article className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('about.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('about.lead')}</p>

      <section aria-labelledby="about-stats" className="mt-10">
        <h2 id="about-stats" className="sr-only">
          {t('about.statsTitle')}
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label} className="rounded-xl bg-sand-100 p-5 text-center">
              <dt className="text-sm text-slate-700">{s.label}</dt>
              <dd className="text-3xl font-semibold text-brand-700">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-history" className="mt-12">
        <h2 id="about-history" className="text-2xl">
          {t('about.historyTitle')}
        </h2>
        <ol className="mt-4 space-y-4 border-l-4 border-action-500 pl-6">
          {history.map((line) => (
            <li key={line} className="text-slate-800">
              {line}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-values" className="mt-12">
        <h2 id="about-values" className="text-2xl">
          {t('about.valuesTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {values.map((v) => (
            <li key={v} className="rounded-xl border border-slate-200 p-5">
              {v}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

export const Component = AboutPage;
