import type { ErrorEnvelope, FieldError } from '@siam/contract/errors';
import { i18n } from './i18n';
import { SESSION_EXPIRED_EVENT, clearSession, getToken } from './token-storage';

/** The client's constants, from spec §9. */
export const apiConfig = {
  baseUrl: '/api/v1',
  timeoutMs: 30_000,
  retries: 3,
  retryDelayMs: 1_000,
};

export type FailureKind = 'network' | 'timeout' | 'http';

/**
 * Every failed call becomes one of these. `message` is in the active language (spec §8)
 * each time it is read, not the language of the moment it failed: a screen that keeps
 * the error and shows `error.message` follows a language switch (issue 19).
 */
export class ApiError extends Error {
  readonly status = false as const;
  readonly #text: string | (() => string);
  constructor(
    readonly kind: FailureKind,
    /** The words, or how to say them in the language of the moment. */
    text: string | (() => string),
    readonly httpStatus?: number,
    readonly code?: string,
    readonly serverMsg?: string,
    readonly fieldErrors: FieldError[] = [],
    readonly retryAfterSeconds?: number,
    /** The spec's `message` of an answer that has one (POST /auth/register's refusal), in the visitor's language. */
    readonly serverMessage?: string,
    /** The language the server wrote `msg` in (its Content-Language; English when it names none). */
    readonly serverLanguage?: string,
  ) {
    super();
    this.#text = text;
    this.name = 'ApiError';
  }

  static {
    // An accessor on the prototype: Error's own `message` property is never created (super() has none).
    Object.defineProperty(this.prototype, 'message', {
      configurable: true,
      get(this: ApiError) {
        const text = this.#text;
        return typeof text === 'function' ? text() : text;
      },
    });
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored token (default true). The login call sends none, so a 401 there is a wrong password, not an expired session. */
  auth?: boolean;
}

const t = (key: string) => i18n.t(key, { ns: 'common' });

/** Spec §8: a failure's message in the active language. */
export function messageFor(kind: FailureKind, httpStatus?: number, serverMsg?: string): string {
  if (kind === 'network') return t('errors.network');
  if (kind === 'timeout') return t('errors.timeout');
  switch (httpStatus) {
    case 400:
      return serverMsg ?? t('errors.badRequest');
    case 401:
      return t('errors.unauthorized');
    case 403:
      return t('errors.forbidden');
    case 404:
      return t('errors.notFound');
    case 409:
      return serverMsg ?? t('errors.conflict');
    case 429:
      return t('errors.rateLimited');
    case 500:
      return t('errors.server');
    case 503:
      return t('errors.busy');
    default:
      return serverMsg ?? t('errors.unexpected');
  }
}

/**
 * The server's English `msg` is shown as is only to English readers; in Thai
 * and Chinese the catalogue's own sentence is clearer than a foreign one.
 */
export function localServerMsg(msg: string | undefined): string | undefined {
  return i18n.resolvedLanguage === 'en' ? msg : undefined;
}

/**
 * The server's own words of a failure (its `message`, else its `msg`) when they are in the page's
 * language, for the screens the spec says show them (the listing's load failure, spec §8); else
 * undefined and the screen says its own text. A server that names no language wrote English.
 */
export function serverWords(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  const words = error.serverMessage ?? error.serverMsg;
  if (!words) return undefined;
  const language = (error.serverLanguage ?? 'en').toLowerCase().split('-')[0];
  return language === (i18n.resolvedLanguage ?? 'en') ? words : undefined;
}

/**
 * How a call reaches the API: the network in the browser. When the server
 * renders a page it swaps in its own, which answers in-process
 * (apps/web/src/entry-server.tsx).
 */
/**
 * What a call reads of an answer: a fetch Response, or the server's in-process answer, which
 * skips building a Response (streams, Headers) for every call of every render.
 */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/** A call as the api-client makes it: header names in lower case. */
export interface ApiCall {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal: AbortSignal;
}

export type ApiTransport = (url: string, call: ApiCall) => Promise<ApiAnswer>;

let transport: ApiTransport = (url, init) => fetch(url, init);
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildUrl(path: string, query?: RequestOptions['query']): string {
  // The base only lets URL parse the path; the result is the path and query alone.
  const url = new URL(`${apiConfig.baseUrl}${path}`, 'http://siam.invalid');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function once<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.resolvedLanguage ?? 'en',
    ...options.headers,
  };
  const token = options.auth === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeout = AbortSignal.timeout(apiConfig.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: ApiAnswer;
  try {
    response = await transport(buildUrl(path, options.query), { method, headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller gave up; not a failure to report
    if (timeout.aborted) throw new ApiError('timeout', () => messageFor('timeout'));
    throw new ApiError('network', () => messageFor('network'));
  }

  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => undefined)) as unknown;
  // Spec §7: an answer "with status false and a message" is a failure whatever its HTTP
  // status (a proxy or an older API may say so with a 200); so is a 2xx that is not JSON.
  const saysFailed =
    typeof answer !== 'object' || answer === null || (answer as { status?: unknown }).status === false;
  if (response.ok && !saysFailed) return answer as T;

  const envelope = answer as Partial<ErrorEnvelope> | undefined;
  if (response.status === 401 && token) {
    clearSession();
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  }
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  // A 2xx that says it failed is the server's failure to answer: treat it as a 500 would be.
  const httpStatus = response.ok ? 500 : response.status;
  throw new ApiError(
    'http',
    () => messageFor('http', httpStatus, localServerMsg(envelope?.msg)),
    httpStatus,
    envelope?.code,
    envelope?.msg,
    envelope?.errors ?? [],
    retryAfter,
    typeof (answer as { message?: unknown } | undefined)?.message === 'string'
      ? (answer as { message: string }).message
      : undefined,
    response.headers.get('content-language') ?? undefined,
  );
}

/**
 * Calls the API. Reads (GET) that fail by network or with a 5xx are tried
 * again up to 3 times, 1 s apart; writes never are, so a payment cannot be
 * sent twice by the client (the booking call adds an idempotency key on top).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const retries = (options.method ?? 'GET') === 'GET' ? apiConfig.retries : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await once<T>(path, options);
    } catch (error) {
      const retriable =
        error instanceof ApiError &&
        (error.kind === 'network' || (error.httpStatus !== undefined && error.httpStatus >= 500));
      if (!retriable || attempt >= retries || options.signal?.aborted) throw error;
      await sleep(apiConfig.retryDelayMs);
    }
  }
}

/** The spec's "object with status false and a message", for any thrown value. */
export function toFailure(error: unknown): { status: false; message: string } {
  if (error instanceof ApiError) return { status: false, message: error.message };
  return { status: false, message: messageFor('http') };
}

/** Whether the server refused this field (`currentPassword`, `promoCode`), to show the error beside it. */
export function hasFieldError(error: unknown, path: string): boolean {
  return error instanceof ApiError && error.fieldErrors.some((e) => e.path === path);
}
