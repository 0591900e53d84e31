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
 */
export interface LazyPart<P> {
  (props: P): React.ReactElement;
  preload: () => Promise<void>;
}

const parts: { preload: () => Promise<void> }[] = [];

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
): LazyPart<P> {
  const { preload, loaded } = loadable<P, M>(load, name);
  // One component whether the chunk is in or not (waiting for it with React's use()): had the boundary held
  // <Lazy> first and the loaded component later, React would take them for two components and make the part's DOM
  // again on its first update.
  const Inner = (props: P) => {
    if (!loaded()) use(preload());
    return createElement(loaded()!, props);
  };
  // The boundary itself, memoised: it renders again only when its props really change.
  const Boundary = memo((props: P) => (
    <Suspense fallback={null}>
      <Inner {...props} />
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
      const [ready, setReady] = useState(() => loaded() !== undefined);
      const first = useRef(props);
      useEffect(() => {
        if (!ready) void preload().then(() => startTransition(() => setReady(true)));
      }, [ready]);
      return <Boundary {...(ready ? props : first.current)} />;
    },
    { preload },
  );
  parts.push(Part);
  return Part as unknown as LazyPart<P>;
}

/** The server loads every part before it renders a page (parts register when their page's module loads). */
export const preloadAllParts = () => Promise.all(parts.map((p) => p.preload()));
