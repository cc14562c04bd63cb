import { renderToString } from 'react-dom/server';
import { StaticRouter } from './router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './site-link';

const at = (location: string, node: React.ReactNode) =>
  renderToString(<StaticRouter location={location}>{node}</StaticRouter>);

const menu = (
  <nav>
    <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
      Home
    </NavLink>
    <NavLink to="/cars" className={({ isActive }) => (isActive ? 'on' : 'off')}>
      Cars
    </NavLink>
    <NavLink to="/about" className="plain">
      About
    </NavLink>
  </nav>
);

describe('site links', () => {
  it('a link is an anchor to its path, query included, with what it was given', () => {
    expect(at('/', <Link to="/cars?page=2" className="btn" aria-label="Next page" />)).toBe(
      '<a class="btn" aria-label="Next page" href="/cars?page=2"></a>',
    );
  });

  it('a menu link says which page is shown: the path itself, and the pages under it unless `end`', () => {
    expect(at('/', menu)).toBe(
      '<nav><a aria-current="page" class="on" href="/">Home</a><a class="off" href="/cars">Cars</a>' +
        '<a class="plain" href="/about">About</a></nav>',
    );
    // A car's page is under the listing; the home link (`end`) is active on "/" alone.
    expect(at('/cars/12', menu)).toBe(
      '<nav><a class="off" href="/">Home</a>' +
        '<a aria-current="page" class="on" href="/cars">Cars</a><a class="plain" href="/about">About</a></nav>',
    );
    // "/carsharing" is not under "/cars"; case does not matter.
    expect(at('/carsharing', menu)).not.toContain('aria-current');
    expect(at('/ABOUT', menu)).toContain('<a aria-current="page" class="plain" href="/about">');
  });
});
