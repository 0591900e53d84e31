import { lazy, memo, Suspense, type ComponentType } from 'react';

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
  const { preload, loaded, Lazy } = loadable<P, M>(load, name);
  // Memoised: a page that renders again before this part's chunk has arrived (its view count refreshed, say) must not
  // pass an update into the boundary still standing on the server's HTML, or React drops that HTML for the fallback
  // (nothing) and puts it back when the chunk comes: the page below jumps twice (a layout shift Lighthouse counts).
  const Part = Object.assign(
    memo((props: P) => {
      const Loaded = loaded();
      return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>;
    }),
    { preload },
  );
  parts.push(Part);
  return Part as unknown as LazyPart<P>;
}

/** The server loads every part before it renders a page (parts register when their page's module loads). */
export const preloadAllParts = () => Promise.all(parts.map((p) => p.preload()));
