import {
  createElement,
  lazy,
  memo,
  startTransition,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';

/**
 * A part of a page in its own chunk, for what lies below the first screen. The server renders it whole (it loads
 * every part at start: preloadAllParts); the browser hydrates the page around it at once and this part as soon as its
 * chunk arrives, the server's HTML standing in meanwhile (React's selective hydration of a Suspense boundary). So the
 * first screen is alive without waiting for the rest of the page's code.
 *
 * The boundary is rendered on both sides (its markers must be in the server's HTML for the browser to hydrate it).
 *
 * A part made with `{ whenVisible: true }` (islands, as the Guardian's dotcom-rendering hydrates them) is also not brought
 * alive with the page: its code loads at once, but it hydrates only when the reader scrolls it into view.
 * Until then it is the server's HTML, links and all, and costs the phone's main thread nothing (the front page's
 * lower half is some 370 of its 630 elements). A part drawn later in the browser (a visit within the app) never waits.
 */
export interface LazyPart<P> {
  (props: P): React.ReactElement;
  preload: () => Promise<void>;
}

const parts: { preload: () => Promise<void> }[] = [];

export interface PartOptions {
  /** Hydrate when the reader scrolls it into view, not with the page (see above). */
  whenVisible?: boolean;
  /** The classes of that part's own box (a grid item's `min-w-0`, say: the box stands where the part would). */
  className?: string;
}

/**
 * Whether the page's first hydration has committed: app/reader-app.tsx marks it on the document (`html[data-hydrated]`,
 * what its controls and the end-to-end tests go by). Parts drawn from then on hydrate at once.
 */
const pageAlive = () => document.documentElement.dataset.hydrated !== undefined;

interface Gate {
  promise: Promise<void>;
  open: () => void;
}
function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A component in a chunk of its own: `preload` loads it (once), `loaded()` is the component once it has, and `Lazy`
 * is React's lazy wrapper for rendering before then. Pages (app/lazy-page.tsx) and parts share it.
 */
export function loadable<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      Loaded = m[name] as ComponentType<P>;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  return { preload, loaded: () => Loaded, Lazy };
}

export function lazyPart<P extends object, M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  options: PartOptions = {},
): LazyPart<P> {
  const { preload, loaded } = loadable<P, M>(load, name);
  // One component whether the chunk is in or not (waiting for it with React's use()): had the boundary held
  // <Lazy> first and the loaded component later, React would take them for two components and make the part's DOM
  // again on its first update.
  // `wait`: a part that hydrates when visible stays the server's HTML until its gate opens.
  const Inner = ({ wait, props }: { wait: Promise<void> | undefined; props: P }) => {
    if (wait) use(wait);
    if (!loaded()) use(preload());
    return createElement(loaded()!, props);
  };
  // The boundary itself, memoised: it renders again only when its props really change.
  const Boundary = memo(({ wait, ...props }: P & { wait: Promise<void> | undefined }) => (
    <Suspense fallback={null}>
      <Inner wait={wait} props={props as P} />
    </Suspense>
  ));
  // Until the chunk has arrived the boundary keeps the props it was first drawn with (the server's). A page that
  // renders again meanwhile (the front page's clock set after hydration, a view count refreshed) would otherwise pass
  // an update into the boundary still standing on the server's HTML, and React drops that HTML and draws the whole
  // part again in the browser once the chunk comes: the front page's lower half was 365 elements made twice, some
  // 40 ms of a phone's main thread at this machine's speed (×4 on Lighthouse's phone), and the page below jumping
  // (the article's share buttons: a layout shift of 0.055). Once the chunk is in, the part hydrates with the props
  // the server used and then takes the latest ones, in a transition (which waits for hydration, never undoes it).
  const Part = Object.assign(
    (props: P) => {
      // Only the page's first hydration waits, and only in a browser: the server draws every part whole.
      const [waiting] = useState(() =>
        options.whenVisible && typeof document !== 'undefined' && !pageAlive() ? gate() : undefined,
      );
      const box = useRef<HTMLDivElement>(null);
      const [ready, setReady] = useState(() => loaded() !== undefined && !waiting);
      const first = useRef(props);
      useEffect(() => {
        const el = box.current;
        if (!waiting) return;
        if (!el || typeof IntersectionObserver === 'undefined') return waiting.open();
        const seen = new IntersectionObserver((entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          seen.disconnect();
          waiting.open();
        });
        seen.observe(el);
        return () => seen.disconnect();
      }, [waiting]);
      useEffect(() => {
        if (!ready) void Promise.all([preload(), waiting?.promise]).then(() => startTransition(() => setReady(true)));
      }, [ready, waiting]);
      const boundary = <Boundary {...(ready ? props : first.current)} wait={waiting?.promise} />;
      // What the observer watches: the part's own box, on the server as in the browser (the HTML must match).
      return options.whenVisible ? (
        <div ref={box} className={options.className}>
          {boundary}
        </div>
      ) : (
        boundary
      );
    },
    { preload },
  );
  parts.push(Part);
  return Part as unknown as LazyPart<P>;
}

/** The server loads every part before it renders a page (parts register when their page's module loads). */
export const preloadAllParts = () => Promise.all(parts.map((p) => p.preload()));
