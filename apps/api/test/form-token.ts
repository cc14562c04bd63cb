import type { App } from '../src/app';
import { issueFormToken } from '../src/lib/public-forms';

/**
 * A public form's payload as the site sends it: `formAgeMs` (how long ago the
 * form was handed its token, i.e. the time the person spent on it) becomes
 * the signed `formToken` this app would have issued then.
 */
export function withFormToken<T extends { formAgeMs?: number }>(app: App, payload: T) {
  const { formAgeMs, ...rest } = payload;
  return formAgeMs === undefined
    ? rest
    : { ...rest, formToken: issueFormToken(app.services.secret, Date.now() - formAgeMs) };
}
