import { setOrDelete, useAddressParams } from '../../lib/use-address-params';

/**
 * A back-office list's filters, kept in the address so a view can be shared
 * and reloaded. An empty value removes its key. A new filter starts again at
 * page 1 and replaces the history entry; turning a page adds one, so Back
 * returns to the page before.
 */
export function useListFilters(): [URLSearchParams, (key: string, value: string) => void] {
  const [params, changeParams] = useAddressParams();
  const set = (key: string, value: string) =>
    changeParams(
      (next) => {
        setOrDelete(next, key, value);
        if (key !== 'page') next.delete('page');
      },
      { replace: key !== 'page' },
    );
  return [params, set];
}
