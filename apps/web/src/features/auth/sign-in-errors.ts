import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/**
 * What a failed sign-in says: wrong credentials, a wait (with the server's
 * Retry-After in the catalogue's words), or a connection problem as such; an
 * unexpected failure (a server error, an answer without a session, the page's
 * own fault) is the spec's "Error during authentication" (§8); any other
 * refusal, the generic sign-in error.
 */
export function signInErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  // A 2xx without a session (password-sign-in.ts signedIn) is as unexpected as a 5xx.
  const status = error instanceof ApiError ? (error.httpStatus ?? 0) : 0;
  if (!(error instanceof ApiError) || status >= 500 || (status >= 200 && status < 300))
    return t('login.authError');
  if (error.httpStatus === 401) return t('login.failed401');
  if (error.httpStatus === 429 || error.kind === 'network' || error.kind === 'timeout') return error.message;
  return t('login.failed');
}
