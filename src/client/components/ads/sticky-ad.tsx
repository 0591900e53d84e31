import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const CLOSED_KEY = 'sahifa:sticky-ad-closed';

/**
 * The optional bar fixed to the bottom of a phone's screen (never on a desktop): drawn with the page, so it never
 * moves anything, and closed by the reader for the rest of the visit (this tab's session storage; nothing is sent).
 */
const wasClosed = () => {
  try {
    return !!sessionStorage.getItem(CLOSED_KEY);
  } catch {
    // Storage refused (private mode): the bar stays until closed on this page.
    return false;
  }
};
/** Past the first page's hydration, a bar drawn in the browser reads the reader's choice at once (no flash). */
let hydrated = false;

/**
 * The bar's height as `--sticky-ad-h` on the page's root while it is shown (0 where it is hidden: desktops), so what
 * else sits at the bottom of a phone's screen (the push alerts' ask) stands on it instead of covering it, and the
 * page's end can be scrolled clear of it.
 */
const HEIGHT_VAR = '--sticky-ad-h';
function useHeightVar(closed: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (closed || !el) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty(HEIGHT_VAR, `${el.offsetHeight}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VAR);
    };
  }, [closed]);
  return ref;
}

export function StickyBar({ children }: { children: ReactNode }) {
  const [closed, setClosed] = useState(() => hydrated && wasClosed());
  const ref = useHeightVar(closed);
  useEffect(() => {
    hydrated = true;
    if (wasClosed()) setClosed(true);
  }, []);
  if (closed) return null;
  const close = () => {
    setClosed(true);
    try {
      sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // Closed on this page only.
    }
  };
  return (
    <div
      ref={ref}
      data-testid="sticky-ad"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-1 pt-1 shadow-lg md:hidden dark:border-slate-800 dark:bg-slate-950/95"
    >
      <button
        type="button"
        onClick={close}
        aria-label="أغلق الإعلان"
        className="absolute end-1 top-1 z-10 rounded-full bg-slate-100 p-1 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
      {children}
    </div>
  );
}
