import { useSearchParams } from 'react-router';

/**
 * A back-office list's filters, kept in the address so a view can be shared
 * and reloaded. An empty value removes its key. A new filter starts again at
 * page 1 and replaces the history entry; turning a page adds one, so Back
 * returns to the page before.
 */
export function useListFilters(): [URLSearchParams, (key: string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: key !== 'page' });
  };
  return [params, set];
}
