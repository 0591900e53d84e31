import { lazy, Suspense, type ComponentType } from 'react';

export interface LazyPage {
  (): React.ReactElement;
  /** Loads the page's code; the server calls it for every page at start, the browser before hydrating. */
  preload: () => Promise<void>;
}

/**
 * A route's screen in its own chunk, so a reader's first load carries only the page in front of them.
 * Once loaded it renders synchronously, which is what hydration of server HTML needs.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      Loaded = m[name] as ComponentType;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () =>
    Loaded ? (
      <Loaded />
    ) : (
      <Suspense
        fallback={
          <div className="mx-auto max-w-3xl px-3 py-10" role="status">
            جاري التحميل...
          </div>
        }
      >
        <Lazy />
      </Suspense>
    );
  Page.preload = preload;
  return Page;
}
