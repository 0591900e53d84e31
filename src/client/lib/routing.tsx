/**
 * Routing is wouter's (hooks, <Link>, <Router ssrPath> on the server). Two small helpers on top: matching a
 * route table (the server renders and caches by the same table the browser uses) and a link that knows whether
 * its section is the current one.
 */
import type { AnchorHTMLAttributes } from 'react';
import { parse } from 'regexparam';
import { Link, matchRoute, useLocation } from 'wouter';

/** The first route whose pattern matches the path, with its named params decoded; null when none does. */
export function matchRoutes<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Record<string, string> } | null {
  for (const route of routes) {
    const [ok, raw] = matchRoute(parse, route.path, pathname);
    if (!ok) continue;
    const params: Record<string, string> = {};
    try {
      for (const [k, v] of Object.entries(raw ?? {}))
        if (typeof v === 'string' && !/^\d+$/.test(k)) params[k] = decodeURIComponent(v);
    } catch {
      return null; // a malformed escape in the address names nothing
    }
    return { route, params };
  }
  return null;
}

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & {
  to: string;
  /** Active only on exactly this path (the home link), not on the paths below it. */
  end?: boolean;
  className?: string | ((s: { isActive: boolean }) => string);
};

/** A link marked aria-current="page" while its page (or a page below it) is shown. */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const [pathname] = useLocation();
  const isActive = end ? pathname === to : pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...rest}
    />
  );
}
