import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Navigate, StaticRouter, useLocation, useParams, useSearchParams } from './router';

function Shown() {
  const { pathname, search, hash, state } = useLocation();
  const params = useParams();
  const [query] = useSearchParams();
  return <p>{JSON.stringify({ pathname, search, hash, state, params, page: query.get('page') })}</p>;
}

const at = (url: string) =>
  JSON.parse(
    renderToString(
      <StaticRouter location={url}>
        <Shown />
      </StaticRouter>,
    )
      .replace(/^<p>|<\/p>$/g, '')
      .replace(/&quot;/g, '"'),
  ) as Record<string, unknown>;

describe('the site router on the server', () => {
  it('reads the address, its query and the route parameters from the contract', () => {
    expect(at('/cars/12?page=2#photos')).toEqual({
      pathname: '/cars/12',
      search: '?page=2',
      hash: '#photos',
      state: null,
      params: { id: '12' },
      page: '2',
    });
    expect(at('/about')).toMatchObject({ pathname: '/about', search: '', params: {}, page: null });
  });

  it('a redirect draws nothing and goes nowhere during a server render', () => {
    expect(
      renderToString(
        <StaticRouter location="/profile">
          <Navigate to="/login" replace />
        </StaticRouter>,
      ),
    ).toBe('');
  });

  it('says so when used outside a router', () => {
    expect(() => renderToString(<Shown />)).toThrow(/Outside the router/);
  });
});

describe('a server render of an odd address', () => {
  it('keeps a path that starts with two slashes as a path, not a host', () => {
    expect(at('//example.com/cars?page=3')).toMatchObject({ pathname: '//example.com/cars', page: '3' });
  });
});
