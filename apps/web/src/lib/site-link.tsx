import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from './router';

/**
 * The site's links: an <a href> that moves within the site without reloading it,
 * for the paths the site links to (absolute, from sitePaths).
 *
 * Why not react-router's Link (before lib/router.tsx replaced react-router): each ran half a
 * dozen of the router's hooks on every render, and a server-rendered page has fifty links:
 * a fifth of the render's CPU (issue 14's profile). These read the router once.
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path, with its query or hash if any. */
  to: string;
  /** Handed to the next page (location.state), as react-router's Link does. */
  state?: unknown;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A click the browser should handle itself: a new tab or window, a download, another frame. */
function leftToTheBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self')
  );
}

export function Link({ to, state, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || leftToTheBrowser(event, target)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    // A link to the page one is on does not add a second entry for it, as react-router's does not.
    navigate(to, { state, replace: replace ?? to === here });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this very path, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it leads to the page shown (aria-current="page"), for menus. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = (to.split(/[?#]/)[0] ?? to).toLowerCase();
  // As react-router's NavLink: the path itself, or (without `end`) a path under it.
  const under = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const isActive = here === path || (!end && here.startsWith(path) && here.charAt(under) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
