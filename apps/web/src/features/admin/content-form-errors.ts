import type { z } from 'zod';
import { contentIssueKind } from '@siam/contract/admin-content';
import { ApiError } from '../../lib/api-client';

/** A field's problem, as a kind the screen words in the reader's language. */
export interface FieldIssue {
  kind: 'required' | 'tooShort' | 'tooLong' | 'format' | 'invalid' | 'taken';
  max?: number;
}

/** Checks a form against the contract's schema before anything is sent: `{ 'title.en': {kind: 'required'} }`. */
export function formIssues(schema: z.ZodType, value: unknown): Record<string, FieldIssue> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const issues: Record<string, FieldIssue> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (path in issues) continue;
    issues[path] = {
      kind: contentIssueKind(issue as { code: string; minimum?: unknown }) as FieldIssue['kind'],
      ...(issue.code === 'too_big' && { max: Number(issue.maximum) }),
    };
  }
  return issues;
}

/** The server's per-field refusals (its messages are English, so only the place is kept). */
export function serverIssues(error: unknown): Record<string, FieldIssue> {
  if (!(error instanceof ApiError)) return {};
  const kind = error.httpStatus === 409 ? 'taken' : 'invalid';
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path, { kind }]));
}
