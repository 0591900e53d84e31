import { Suspense } from 'react';
import { loadable } from '../lib/lazy-part';

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
  const { preload, loaded, Lazy } = loadable<object, M>(load, name);
  const Page = () => {
    const Loaded = loaded();
    return Loaded ? (
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
  };
  Page.preload = preload;
  return Page;
}
