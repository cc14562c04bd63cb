import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { usePageMeta } from '../../lib/use-page-meta';
import { LicenceGuide } from './licence-guide';
import { useLicenceRuleWords } from '../../lib/licence-rules';

export function HowItWorksPage() {
  const { t, i18n } = useTranslation('pages');
  const licenceWords = useLicenceRuleWords(i18n.language);
  usePageMeta(t('howItWorks.metaTitle'), t('howItWorks.metaDescription'));
  const steps = t('howItWorks.steps', { returnObjects: true, ...licenceWords }) as {
    title: string;
    text: string;
  }[];
  const documents = t('howItWorks.documents', { returnObjects: true, ...licenceWords }) as string[];
  return (
    <article className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('howItWorks.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('howItWorks.lead')}</p>
      <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={step.title} className="rounded-xl bg-sand-100 p-6">
            <span
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white"
              aria-hidden
            >
              {i + 1}
            </span>
            <h2 className="mt-4 text-xl">{step.title}</h2>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <section aria-labelledby="documents" className="mt-12">
        <h2 id="documents" className="text-2xl">
          {t('howItWorks.documentsTitle')}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {documents.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </section>
      <LicenceGuide />
      <Link to="/cars" className="btn-action mt-10">
        {t('howItWorks.cta')}
      </Link>
    </article>
  );
}

export const Component = HowItWorksPage;
