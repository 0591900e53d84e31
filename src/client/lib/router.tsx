/**
 * A small router for the reader and admin apps: path patterns with :params and a trailing *, history
 * navigation, links and the hooks the screens use. It does what react-router's declarative mode did for us in
 * about 2 KB instead of 15 KB gzipped, which keeps a reader's first load inside the 100 KB budget (see
 * docs/ARCHITECTURE.md). Its API mirrors react-router's names so screens read the same.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
}

interface RouterValue {
  location: Location;
  navigate: (to: string, opts?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue>({ location: { pathname: '/', search: '' }, navigate: () => {} });
const ParamsContext = createContext<Record<string, string | undefined>>({});

function splitUrl(url: string): Location {
  const u = new URL(url, 'http://local');
  return { pathname: u.pathname, search: u.search };
}

/** The server's router: a fixed location. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => ({ location: splitUrl(location), navigate: () => {} }), [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The browser's router: the address bar, pushState and the back button. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const read = () => ({ pathname: window.location.pathname, search: window.location.search });
  const [location, setLocation] = useState<Location>(read);
  useEffect(() => {
    const onPop = () => setLocation(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, opts: { replace?: boolean } = {}) => {
    const next = new URL(to, window.location.href);
    if (next.origin !== window.location.origin) {
      window.location.assign(next.href);
      return;
    }
    window.history[opts.replace ? 'replaceState' : 'pushState'](null, '', next.pathname + next.search + next.hash);
    setLocation({ pathname: next.pathname, search: next.search });
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = () => useContext(RouterContext).location;
export const useNavigate = () => useContext(RouterContext).navigate;
export const useParams = () => useContext(ParamsContext);

export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string>, opts?: { replace?: boolean }) => void,
] {
  const { location, navigate } = useContext(RouterContext);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: Record<string, string>, opts?: { replace?: boolean }) => {
      const qs = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, opts);
    },
    [location.pathname, navigate],
  );
  return [params, set];
}

/** Matches "/news/:id", "/admin/*" or "*" against a path; the params, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return { '*': pathname.slice(1) };
  const pp = pattern.split('/').filter(Boolean);
  const sp = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < pp.length; i++) {
    const p = pp[i]!;
    if (p === '*') {
      params['*'] = sp.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const s = sp[i];
    if (s === undefined) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      return null;
    }
    if (p.startsWith(':')) params[p.slice(1)] = decoded;
    else if (p !== decoded) return null;
  }
  return sp.length === pp.length ? params : null;
}

/** The first route whose path matches. */
export function matchRoutes<R extends { path: string }>(
  routes: R[],
  pathname: string,
): { route: R; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Renders an element with its route's params available to useParams(). */
export function RouteParams({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (
          e.defaultPrevented ||
          e.button !== 0 ||
          e.metaKey ||
          e.ctrlKey ||
          e.shiftKey ||
          e.altKey ||
          (target && target !== '_self')
        )
          return;
        e.preventDefault();
        navigate(to, { replace });
      }}
      {...rest}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((s: { isActive: boolean }) => string);
};

export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
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

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
