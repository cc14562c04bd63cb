import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/**
 * What a failed sign-in says: wrong credentials, a wait (with the server's
 * Retry-After in the catalogue's words), or a connection problem as such; any
 * other failure, a server error included, gets the sign-in's own message rather
 * than a generic one.
 */
export function signInErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError)) return t('login.failed');
  if (error.httpStatus === 401) return t('login.failed401');
  if (error.httpStatus === 429 || error.kind === 'network' || error.kind === 'timeout') return error.message;
  return t('login.failed');
}
