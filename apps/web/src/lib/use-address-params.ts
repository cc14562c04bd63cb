import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from './router';

/**
 * The page's query string, and a way to change it that starts from the
 * address as it is at this moment.
 *
 * Why not useSearchParams' setter on its own: the router renders a new address
 * in a transition, so until that render lands, `params` is still the old
 * address. Two changes in quick succession (a branch, then a date, on a busy
 * phone) would each start from the old address and the second would undo the
 * first. The browser's own address is updated at once (BrowserRouter writes
 * history before it renders), so every change builds on it.
 */
export function useAddressParams(): [
  URLSearchParams,
  (edit: (current: URLSearchParams) => URLSearchParams | void, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (current: URLSearchParams) => URLSearchParams | void, options?: NavigateOptions) => {
      const current = new URLSearchParams(window.location.search);
      setParams(edit(current) ?? current, options);
    },
    [setParams],
  );
  return [params, change];
}

/** Sets a query parameter, or removes it when the value is empty. */
export function setOrDelete(params: URLSearchParams, key: string, value: string): void {
  if (value) params.set(key, value);
  else params.delete(key);
}
