import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider, Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

function Card({ seats, name }: { seats: number; name: string }) {
  const { t } = useTranslation('catalog');
  return (
    <p>
      {t('title')} | {t('seats', { count: seats })} | {t('book', { name })}
    </p>
  );
}

/** The text of rendered markup, without the comments React puts between adjacent texts. */
const shown = (html: string) => html.replaceAll('<!-- -->', '');
const render = (node: React.ReactNode) => shown(renderToString(node));

function withTexts(i18n: I18n, seats: number, name: string) {
  return (
    <I18nextProvider i18n={i18n}>
      <Card seats={seats} name={name} />
    </I18nextProvider>
  );
}

async function instanceWith(resources: Record<string, Record<string, Record<string, string>>>) {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'th',
    resources,
    ns: ['catalog'],
    // As the site's: a component's own namespace is not the default one.
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const texts = {
  en: {
    catalog: {
      title: 'Cars',
      seats_one: '{{count}} seat',
      seats_other: '{{count}} seats',
      book: 'Book {{name}}',
      accept: 'I accept the <terms>terms</terms>',
    },
  },
  th: { catalog: { title: 'รถ', seats_other: '{{count}} ที่นั่ง', book: 'จอง {{name}}' } },
};

describe('useTranslation (the site’s own, remembering texts)', () => {
  it('gives each count and name its own text, the same on every render', async () => {
    const i18n = await instanceWith(texts);
    expect(render(withTexts(i18n, 1, 'Yaris'))).toBe('<p>Cars | 1 seat | Book Yaris</p>');
    expect(render(withTexts(i18n, 7, 'Fortuner'))).toBe('<p>Cars | 7 seats | Book Fortuner</p>');
    // Remembered texts must not leak between options.
    expect(render(withTexts(i18n, 1, 'Yaris'))).toBe('<p>Cars | 1 seat | Book Yaris</p>');
  });

  it('speaks the new language after a change, and texts added later replace what it remembered', async () => {
    const i18n = await instanceWith(texts);
    expect(render(withTexts(i18n, 2, 'City'))).toBe('<p>Cars | 2 seats | Book City</p>');
    await i18n.changeLanguage('th');
    expect(render(withTexts(i18n, 2, 'City'))).toBe('<p>รถ | 2 ที่นั่ง | จอง City</p>');
    i18n.addResourceBundle('th', 'catalog', { title: 'รถเช่า' }, true, true);
    expect(render(withTexts(i18n, 2, 'City'))).toBe('<p>รถเช่า | 2 ที่นั่ง | จอง City</p>');
  });

  it('gives <Trans> its namespace, so the link inside the text is drawn', async () => {
    const i18n = await instanceWith(texts);
    function Accept() {
      const { t } = useTranslation('catalog');
      return <Trans t={t} i18nKey="accept" components={{ terms: <a href="/terms" /> }} />;
    }
    expect(
      render(
        <I18nextProvider i18n={i18n}>
          <Accept />
        </I18nextProvider>,
      ),
    ).toBe('I accept the <a href="/terms">terms</a>');
  });

  it('waits for a namespace that has not arrived (Suspense), like react-i18next', async () => {
    const i18n = createInstance();
    let reads = 0;
    await i18n
      .use({
        type: 'backend',
        read(language: string, namespace: string, callback: (error: unknown, data?: unknown) => void) {
          reads++;
          const bundle = (texts as Record<string, Record<string, unknown>>)[language]?.[namespace];
          setTimeout(() => callback(null, bundle ?? {}), 10);
        },
      })
      .init({ lng: 'en', fallbackLng: 'th', ns: [], interpolation: { escapeValue: false } });
    const { prelude } = await prerender(withTexts(i18n, 3, 'Xpander'));
    expect(shown(await new Response(prelude).text())).toBe('<p>Cars | 3 seats | Book Xpander</p>');
    expect(reads).toBeGreaterThan(0);
  });
});
