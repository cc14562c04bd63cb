import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Navigate, StaticRouter, useLocation, useParams, useSearchParams } from './router';

function Shown() {
  const { pathname, search, hash, state } = useLocation();
  const params = useParams();
  const [query] = useSearchParams();
  return (
    <p>
      {JSON.stringify({
        pathname,
        search,
        hash,
        state,
        params,
        page: query.get('page'),
        query: query.toString(),
      })}
    </p>
  );
}

const at = (url: string) =>
  JSON.parse(
    renderToString(
      <StaticRouter location={url}>
        <Shown />
      </StaticRouter>,
    )
      .replace(/^<p>|<\/p>$/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  ) as Record<string, unknown>;

describe('the site router on the server', () => {
  it('reads the address, its query and the route parameters from the contract', () => {
    expect(at('/cars/12?branch=BKK#photos')).toEqual({
      pathname: '/cars/12',
      search: '?branch=BKK',
      hash: '#photos',
      state: null,
      params: { id: '12' },
      page: null,
      query: 'branch=BKK',
    });
    expect(at('/about')).toMatchObject({ pathname: '/about', search: '', params: {}, page: null });
  });

  it('shows a page the server renders only the parameters it declares, so a tracking id cannot change it', () => {
    expect(at('/cars?fbclid=IwAR0x&page=2&utm_source=fb&lng=th')).toMatchObject({
      search: '?fbclid=IwAR0x&page=2&utm_source=fb&lng=th',
      page: '2',
      query: 'lng=th&page=2',
    });
    expect(at('/cars/12?gclid=1&page=2&pickup=2027-01-10')).toMatchObject({
      page: null,
      query: 'pickup=2027-01-10',
    });
    // A page the browser renders reads its whole query (a reset link's token, a newsletter's).
    expect(at('/reset-password?token=abc&utm_source=mail')).toMatchObject({
      query: 'token=abc&utm_source=mail',
    });
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
