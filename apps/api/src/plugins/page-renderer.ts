import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@siam/contract/languages';
import { escapeMarkup } from '../lib/escape-markup';
import { TtlCache } from '../lib/ttl-cache';

/** What apps/web/src/entry-server.tsx exports (built into apps/web/dist-server). */
interface ServerEntry {
  renderPage(url: string, language: string): Promise<{ html: string; state: string }>;
  setApiTransport(transport: (url: string, call: ApiCall) => Promise<ApiAnswer>): void;
  serverStateElementId: string;
}

export interface RenderedPage {
  /** The markup inside <div id="root">. */
  root: string;
  /** A <script type="application/json"> with the API answers the markup shows. */
  state: string;
  /** The id of that script: the end of the page. */
  endId: string;
}

export type PageRenderer = (url: string, language: Language) => Promise<RenderedPage>;

/** How long a render keeps the API's public answers: as long as the catalog keeps its own. */
const RENDER_ANSWER_MS = 2_000;

interface RenderAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** A call as the web build's api-client makes it (apps/web/src/lib/api-client.ts ApiCall). */
interface ApiCall {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** What the web build's api-client reads of an answer (apps/web/src/lib/api-client.ts ApiAnswer). */
interface ApiAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/** An answer that is passed on but not kept. */
class NotKept extends Error {
  constructor(readonly answer: RenderAnswer) {
    super('not kept');
  }
}

/**
 * Loads the web build's server entry, when there is one, and lets it call the
 * API in-process (app.inject: no socket, no second trip through the network).
 * It calls as a visitor, in the page's language: no token is ever forwarded.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webRoot: string,
): Promise<PageRenderer | undefined> {
  const file = path.join(webRoot, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;

  // Renders run side by side; each one's calls carry its own page's language.
  const renderLanguage = new AsyncLocalStorage<Language>();
  // A render asks the same public questions as the last one (settings, branches, the home
  // page's cars): their answers are kept as long as the catalog keeps its own, and forgotten
  // on every instance when staff change anything public. The page is still rendered each
  // time; the calls were a sixth of its CPU, each one a trip through every hook (issue 14).
  const answers = new TtlCache<RenderAnswer>(RENDER_ANSWER_MS, 500);
  app.services.publicChanges.onChange(() => answers.clear());

  entry.setApiTransport(async (url, init) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(init.headers)) {
      // A visitor's call: no session, and an answer the renderer reads as plain JSON.
      if (key !== 'authorization' && key !== 'cookie' && key !== 'accept-encoding') headers[key] = value;
    }
    const language = renderLanguage.getStore();
    if (language) headers['accept-language'] = language;
    const method = (init.method ?? 'GET') as 'GET' | 'POST';
    const ask = async (): Promise<RenderAnswer> => {
      const answer = await app.inject({
        method,
        url,
        headers,
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      return { status: answer.statusCode, headers: answer.headers, body: answer.payload };
    };
    // Only a plain 200 is kept: a refusal or a busy answer is asked again next time.
    const answer =
      method === 'GET'
        ? await answers
            .get(`${language ?? ''} ${url}`, async () => {
              const fresh = await ask();
              if (fresh.status !== 200) throw new NotKept(fresh);
              return fresh;
            })
            .catch((error: unknown) => {
              if (error instanceof NotKept) return error.answer;
              throw error;
            })
        : await ask();
    // The answer as the api-client reads it, without a Response: building one (its streams and
    // Headers) and reading it back cost more than the call itself (issue 14's profile).
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: {
        get(name) {
          const value = answer.headers[name.toLowerCase()];
          if (value === undefined) return null;
          return Array.isArray(value) ? value.join(', ') : String(value);
        },
      },
      json: async () => JSON.parse(answer.body) as unknown,
    } satisfies ApiAnswer;
  });

  const tag = `<script type="application/json" id="${entry.serverStateElementId}">`;
  return async (url, language) => {
    const page = await renderLanguage.run(language, () => entry.renderPage(url, language));
    return { root: page.html, state: `${tag}${page.state}</script>`, endId: entry.serverStateElementId };
  };
}

/**
 * Puts a rendered page into index.html: the markup inside <div id="root">, the
 * API answers it was made from right after it, and a hint that the browser
 * should not paint before it has read that far (`<link rel=expect
 * blocking=render>`). The whole page is then laid out once, before its first
 * paint, instead of painting the top and parsing and laying out the rest in
 * several more passes while the phone should be answering the reader
 * (docs/decisions/0009). A browser without the hint paints as before.
 */
export function insertRenderedPage(html: string, page: RenderedPage): string {
  // Joined, not replaced: a replace copies the whole page (markup and answers, tens of KB of
  // mostly Thai text) once per call, and the page is copied once more when it is encoded to
  // bytes anyway. Only the head, a tenth of the page, is searched and rewritten.
  const root = '<div id="root"></div>';
  const at = html.indexOf(root);
  if (at < 0) return html;
  const head = html
    .slice(0, at)
    .replace('</head>', `  <link rel="expect" href="#${page.endId}" blocking="render" />\n  </head>`);
  return `${head}<div id="root" data-ssr>${page.root}</div>${page.state}${html.slice(at + root.length)}`;
}

/**
 * In a server-rendered page, the code waits until the HTML has painted: the
 * entry script and the module hints leave the head, and /boot.js (a few
 * hundred bytes) requests them all at once after the first frame. Until then
 * the page's text, stylesheet and pictures have the phone's connection to
 * themselves. Pages the browser renders keep their script tags: nothing shows
 * before the code runs anyway.
 */
export function bootScriptTag(webRoot: string): ((html: string) => string) | undefined {
  const file = path.join(webRoot, 'boot.js');
  if (!existsSync(file)) return undefined;
  // The address changes with the file, so a year-long cache never serves an old one.
  const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  return (html) => {
    const modules: string[] = [];
    let entry: string | undefined;
    const rest = html
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g, (_tag, href: string) => {
        modules.push(href);
        return '';
      })
      .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
        entry = src;
        return '';
      });
    if (!entry) return html;
    const tag =
      `<script src="/boot.js?v=${version}" defer data-entry="${escapeMarkup(entry)}" ` +
      `data-modules="${escapeMarkup(JSON.stringify(modules))}"></script>`;
    return rest.replace('</head>', `    ${tag}\n  </head>`);
  };
}
