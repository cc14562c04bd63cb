/**
 * Renders a customer page to HTML on the server, so a phone on slow 4G sees the
 * page before any JavaScript has arrived; the browser then hydrates it
 * (main.tsx). The API process loads this bundle (apps/api/src/plugins/site.ts)
 * and gives it a transport that answers the page's API calls in-process.
 *
 * Built by `vite build --ssr` into apps/web/dist-server (docs/decisions/0009).
 */
import {
  QueryClientProvider,
  type QueryClient,
  type QueryKey,
  type QueryOptions,
} from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from './lib/router';
import { fallbackLanguage, isLanguage, languages, type Language } from '@siam/contract/languages';
import { ruleTextVariables } from '@siam/contract/rental-rules';
import { AppFrame, createQueryClient, serverAnswers, serverStateElementId } from './app/app-frame';
import { setApiTransport } from './lib/api-client';

export { setApiTransport, serverStateElementId };

// Every text of every language, loaded once when the server starts: a render never waits for a file.
const textModules = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
await Promise.all(
  Object.entries(textModules).map(async ([file, load]) => {
    const [, lng, ns] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (lng && ns) (resources[lng] ??= {})[ns] = await load();
  }),
);

const instances = new Map<Language, I18n>();

/** One i18next instance per language, made once: a render never changes its language. */
function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (instance) return instance;
  instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng: fallbackLanguage,
    resources,
    ns: Object.keys(resources[fallbackLanguage] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: ruleTextVariables },
    initAsync: false,
    react: { useSuspense: true },
  });
  instances.set(language, instance);
  return instance;
}

async function toHtml(node: ReactNode): Promise<string> {
  // Every boundary inline: React otherwise moves a large one to the end of the
  // page behind an inline script, which the site's CSP (script-src 'self') forbids.
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * A render whose data has all arrived (the page's plan was fetched first): one pass into a
 * string, without the streams prerender() writes through, which cost a page's render a fifth
 * again (issue 14's profile). Should a part still wait for something, renderToString shows
 * that boundary's fallback (marked <!--$!-->); then the page is rendered the waiting way.
 */
async function toHtmlAtOnce(node: ReactNode): Promise<string> {
  const html = renderToString(node);
  return html.includes('<!--$!') ? toHtml(node) : html;
}

/** Queries the last render asked for that have not been fetched (or tried) yet. */
function waitingQueries(queryClient: QueryClient, tried: Set<string>) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        (query.options as { enabled?: unknown }).enabled !== false &&
        !tried.has(query.queryHash),
    );
}

/**
 * What a page's render asked the API, by page address and language: the query
 * options its components passed (key and fetch function). The next render of
 * that page fetches them all first and renders once, instead of rendering once
 * to learn them, fetching, and rendering again: a render is most of a page's
 * cost on the server. A page that asks for more than last time is rendered
 * again as before, so the plan is only ever a head start, never an answer.
 */
type PlannedQuery = QueryOptions & { queryKey: QueryKey };
const renderPlans = new Map<string, PlannedQuery[]>();
const MAX_PLANS = 500;

async function fetchAll(queryClient: QueryClient, queries: PlannedQuery[], tried: Set<string>) {
  await Promise.all(
    queries.map(async (options) => {
      const query = queryClient.getQueryCache().build(queryClient, options);
      tried.add(query.queryHash);
      try {
        await query.fetch();
      } catch {
        queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      }
    }),
  );
}

export interface RenderedPage {
  /** The markup inside <div id="root">. */
  html: string;
  /** The API answers the markup shows, for the browser's first render (JSON, safe inside <script>). */
  state: string;
}

/**
 * Renders `url` (path and query) in `language`. A render shows what its data
 * calls answered: the first time a page is asked for, it runs once to learn the
 * page's queries, fetches them, and renders again (a third time when an answer
 * leads to further queries); after that it fetches what the page asked for last
 * time and renders once. A call that fails is left to the browser, which shows
 * its loading state meanwhile, exactly as the server did.
 */
export async function renderPage(url: string, language: string): Promise<RenderedPage> {
  const lng = isLanguage(language) ? language : fallbackLanguage;
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18nFor(lng)}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <AppFrame />
          </StaticRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );

  const tried = new Set<string>();
  const planKey = `${lng}|${url}`;
  const plan = renderPlans.get(planKey);
  if (plan) await fetchAll(queryClient, plan, tried);
  let html = plan ? await toHtmlAtOnce(app) : await toHtml(app);
  for (let round = 0; round < 2; round++) {
    const waiting = waitingQueries(queryClient, tried);
    if (waiting.length === 0) break;
    await fetchAll(
      queryClient,
      waiting.map((query) => ({ ...query.options, queryKey: query.queryKey })),
      tried,
    );
    html = await toHtml(app);
  }
  // Remembered: every query this render fetched, in the order it asked.
  if (renderPlans.size >= MAX_PLANS && !renderPlans.has(planKey)) renderPlans.clear();
  renderPlans.set(
    planKey,
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => tried.has(query.queryHash))
      .map((query) => ({ ...query.options, queryKey: query.queryKey })),
  );
  const state = JSON.stringify(serverAnswers(queryClient)).replace(/</g, '\\u003c');
  queryClient.clear();
  return { html, state };
}
