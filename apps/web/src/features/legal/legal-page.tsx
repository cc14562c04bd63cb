import { useTranslation } from '../../lib/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';
import { useLicenceRuleWords } from '../../lib/licence-rules';
import { formatBaht } from '../../lib/money';
import { useBranches } from '../catalog/catalog-api';

interface Section {
  /** The section the branches' own rules join (the pickup and return section: "pickupReturn"). */
  id?: string;
  title: string;
  items: string[];
}

/** The rental terms and the privacy notice: numbered sections with a table of contents. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  // The licence rules' countries, from the rules the server checks bookings by (decision 3601).
  const licenceWords = useLicenceRuleWords(i18n.language);
  usePageMeta(t(`${doc}.metaTitle`), t(`${doc}.metaDescription`));
  const branches = useBranches();
  // Each branch's out-of-hours band and fee, from the branches' settings the quote charges (decision 3602).
  const outOfHours = (branches.data ?? []).flatMap((b) =>
    b.out_of_hours
      ? [
          t('outOfHours', {
            branch: b.name,
            opens: b.out_of_hours.opens_at,
            closes: b.out_of_hours.closes_at,
            fee: formatBaht(b.out_of_hours.fee),
          }),
        ]
      : [],
  );
  const sections = (t(`${doc}.sections`, { returnObjects: true, ...licenceWords }) as Section[]).map((s) =>
    s.id === 'pickupReturn' ? { ...s, items: [...s.items, ...outOfHours] } : s,
  );
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl md:text-4xl">{t(`${doc}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-700">{t('updated')}</p>
      <p className="mt-4 text-lg text-slate-800">{t(`${doc}.lead`)}</p>
      <nav aria-labelledby={`${doc}-toc`} className="mt-8 rounded-2xl bg-sand-100 p-5">
        <h2 id={`${doc}-toc`} className="text-lg">
          {t('onThisPage')}
        </h2>
        <ol className="mt-2 list-decimal pl-6">
          {sections.map((s, i) => (
            <li key={s.title}>
              <a href={`#${doc}-${i + 1}`} className="text-brand-700 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section
          key={s.title}
          id={`${doc}-${i + 1}`}
          aria-labelledby={`${doc}-${i + 1}-title`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${doc}-${i + 1}-title`} className="text-2xl">
            {i + 1}. {s.title}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
            {s.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
