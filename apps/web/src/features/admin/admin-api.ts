import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { Pagination } from '@siam/contract/envelope';
import { ApiError, apiRequest, type RequestOptions } from '../../lib/api-client';
import type { MessageWords } from '../../lib/form-fields';
import type { AdminBranch } from '@siam/contract/admin';
import type { Language } from '@siam/contract/languages';

type Envelope<T> = { status: true; response: { data: T } };

/** Reads `/api/v1/admin/<path>` (with the language, for car and branch names). */
export function useAdminQuery<T>(
  path: string,
  query?: RequestOptions['query'],
  options: { enabled?: boolean } = {},
) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useQuery({
    queryKey: ['admin', path, lng, query ?? {}],
    queryFn: () =>
      apiRequest<Envelope<T>>(`/admin${path}`, { query: { ...query, lng } }).then((r) => r.response.data),
    // Staff act on what they see: always fetch fresh.
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

/**
 * One page of a back-office list: `/api/v1/admin/<path>` answers
 * `{ data: [...], pagination, ...anything else the list carries }`.
 */
export function useAdminList<R extends { data: unknown[]; pagination: Pagination }>(
  path: string,
  query: NonNullable<RequestOptions['query']>,
) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useQuery({
    queryKey: ['admin', path, lng, query],
    queryFn: () =>
      apiRequest<{ status: true; response: R }>(`/admin${path}`, { query: { ...query, lng } }).then(
        (r) => r.response,
      ),
    staleTime: 0,
  });
}

interface MutationState<T> {
  isPending: boolean;
  isSuccess: boolean;
  error: ApiError | null;
  data: T | undefined;
}

/**
 * A write to the back office; every admin read is refreshed afterwards.
 * (Hand-rolled rather than TanStack's useMutation: that would pull the
 * mutation observer into the chunk the customers' pages share.)
 */
export function useAdminMutation<T, V = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string | ((vars: V) => string),
  /** Extra request headers (e.g. an Idempotency-Key kept for the life of a form). */
  headers?: Record<string, string>,
) {
  const client = useQueryClient();
  const [state, setState] = useState<MutationState<T>>({
    isPending: false,
    isSuccess: false,
    error: null,
    data: undefined,
  });
  const mutate = useCallback(
    (vars: V, options: { onSuccess?: (data: T) => void } = {}) => {
      setState({ isPending: true, isSuccess: false, error: null, data: undefined });
      apiRequest<Envelope<T>>(`/admin${typeof path === 'function' ? path(vars) : path}`, {
        method,
        headers,
        body: method === 'DELETE' || vars === undefined ? undefined : vars,
      }).then(
        async (res) => {
          await client.invalidateQueries({ queryKey: ['admin'] });
          // The customer site's own settings query (the header's cars entry) must see changes too.
          await client.invalidateQueries({ queryKey: ['site-settings'] });
          // So do the public articles and rental conditions (staff may go straight to the site to check).
          for (const key of ['articles', 'article', 'rental-conditions'])
            await client.invalidateQueries({ queryKey: [key] });
          setState({ isPending: false, isSuccess: true, error: null, data: res.response.data });
          options.onSuccess?.(res.response.data);
        },
        (error: unknown) =>
          setState({
            isPending: false,
            isSuccess: false,
            error: error instanceof ApiError ? error : new ApiError('http', String(error)),
            data: undefined,
          }),
      );
    },
    [client, method, path, headers],
  );
  return { ...state, mutate };
}

/** Field errors of a failed write, by dotted path, in the staff member's language. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message]));
}

/**
 * Field errors of a failed write by dotted path, in the language of the moment: a contract message
 * in the contract's words (`useMessageWords`, decision 3543), else the API's words as it sent them.
 */
export function fieldErrorsSaid(error: unknown, words: MessageWords): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path, words.field(e)]));
}

/**
 * A branch's name in the staff member's language, from its code: codes ("bkk", "huaHin") are the
 * database's keys, not words, and showed as such on Thai and Chinese screens. The code stands in
 * only until the branches have loaded.
 */
export function useBranchName(): (code: string) => string {
  const { i18n } = useTranslation();
  const lng = (i18n.resolvedLanguage ?? 'en') as Language;
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  return (code) => branches.data?.find((b) => b.code === code)?.name[lng] ?? code.toUpperCase();
}
