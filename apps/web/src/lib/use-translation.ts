import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The texts of a namespace in the page's language: `const { t, i18n } = useTranslation('catalog')`.
 * The site's one way to translate in a component (eslint forbids react-i18next's hook).
 *
 * react-i18next's hook copies the whole i18n instance on every mount (its "wrapper") and
 * i18next looks every key up afresh; a page has a hundred components that translate, and
 * the server's profile put the two at a quarter of a page render (issue 14). This hook
 * keeps one translate function per instance, language and namespace, which remembers the
 * texts it has looked up without options or with plain ones (a count, a name): the same words,
 * looked up once.
 *
 * Like react-i18next with `useSuspense: true`, a namespace that has not arrived yet
 * suspends the component until it has; a change of language renders it again.
 */
export function useTranslation(namespace = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const memory = memoryOf(i18n);
  const language = useSyncExternalStore(
    memory.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // Thrown, as react-i18next does, not passed to use(): React replays a component that use()
  // suspended with the hooks it had run so far, and a component whose later hooks had not run yet
  // failed its replay (React error 467, seen as #520 on pages whose texts were still loading).
  // A thrown promise (Suspense's older protocol, still supported) makes React drop the attempt
  // and render the component afresh.
  if (!i18n.isInitialized || !i18n.hasLoadedNamespace(namespace)) throw arrival(i18n, memory, namespace);
  return { t: translator(i18n, memory, language, namespace), i18n };
}

interface InstanceMemory {
  translators: Map<string, TFunction>;
  arrivals: Map<string, Promise<void>>;
  /** Calls `changed` when the language changes (one function per instance: React keeps its subscription). */
  subscribe: (changed: () => void) => () => void;
}

const memories = new WeakMap<I18n, InstanceMemory>();

function memoryOf(i18n: I18n): InstanceMemory {
  let memory = memories.get(i18n);
  if (!memory) {
    memory = {
      translators: new Map(),
      arrivals: new Map(),
      subscribe(changed) {
        i18n.on('languageChanged', changed);
        return () => i18n.off('languageChanged', changed);
      },
    };
    memories.set(i18n, memory);
    // Texts that arrive later (a namespace, a language) may answer a key differently: start afresh.
    const forget = () => memory!.translators.clear();
    i18n.store?.on('added', forget);
    i18n.on('loaded', forget);
  }
  return memory;
}

/** A promise for the namespace in the current language, the same one for every component that waits. */
function arrival(i18n: I18n, { arrivals }: InstanceMemory, namespace: string): Promise<void> {
  const key = `${i18n.language}|${namespace}`;
  let promise = arrivals.get(key);
  if (!promise) {
    const initialized = i18n.isInitialized
      ? Promise.resolve()
      : new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
    promise = initialized.then(() => i18n.loadNamespaces(namespace)).finally(() => arrivals.delete(key));
    arrivals.set(key, promise);
  }
  return promise;
}

function translator(
  i18n: I18n,
  { translators }: InstanceMemory,
  language: string,
  namespace: string,
): TFunction {
  const key = `${language}|${namespace}`;
  let t = translators.get(key);
  if (!t) {
    // i18next's own function; called through a plain signature, its typed overloads do not matter here.
    const fixed = i18n.getFixedT(language, namespace) as unknown as (...args: unknown[]) => unknown;
    const texts = new Map<string, unknown>();
    const remembering = (keys: unknown, ...rest: unknown[]) => {
      const memo = typeof keys === 'string' ? memoKey(keys, rest) : undefined;
      if (memo === undefined) return fixed(keys, ...rest);
      if (!texts.has(memo)) {
        // Prices and names in the options make new texts: a long-lived page starts afresh now and then.
        if (texts.size >= MAX_TEXTS) texts.clear();
        texts.set(memo, fixed(keys, ...rest));
      }
      return texts.get(memo);
    };
    // What i18next puts on its function, which <Trans t={t}> reads to know the namespace.
    const { lng, ns, keyPrefix } = fixed as unknown as { lng: string; ns: string; keyPrefix?: string };
    t = Object.assign(remembering, { lng, ns, keyPrefix }) as unknown as TFunction;
    translators.set(key, t);
  }
  return t;
}

const MAX_TEXTS = 2_000;

/**
 * What identifies a call's text: the key alone, or the key and options made only of plain values
 * (a count, a name, a price). Undefined for a call whose answer is not a plain text to remember
 * (an object, a default given as a function, several keys).
 */
function memoKey(key: string, rest: unknown[]): string | undefined {
  if (rest.length === 0) return key;
  const [options] = rest;
  if (rest.length > 1 || typeof options !== 'object' || options === null) return undefined;
  for (const [name, value] of Object.entries(options)) {
    if (
      name === 'returnObjects' ||
      (typeof value === 'object' && value !== null) ||
      typeof value === 'function'
    )
      return undefined;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}
