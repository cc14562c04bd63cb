import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The address's query string as URLSearchParams, and a setter. A small
 * stand-in for react-router's hook of the same name, which the customers'
 * pages do not use (so it would otherwise land in their shared bundle).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options: { replace?: boolean } = {}) => {
      const query = next.toString();
      void navigate({ pathname, search: query ? `?${query}` : '' }, { replace: options.replace });
    },
    [navigate, pathname],
  );
  return [params, set];
}
