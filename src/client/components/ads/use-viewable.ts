import { useEffect, type RefObject } from 'react';
import { AD_VIEWABLE_MS, AD_VIEWABLE_RATIO } from '../../../shared/ads';

/**
 * Calls `onViewable` once when at least half of the element has been in view for one continuous second while the
 * page is visible (IAB/MRC's viewable display impression). Scrolling out, or the tab hidden, starts the second again.
 */
export function useViewable(ref: RefObject<Element | null>, active: boolean, onViewable: () => void): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const arm = () => {
      if (done || timer || !inView || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => {
        done = true;
        observer.disconnect();
        document.removeEventListener('visibilitychange', onVisibility);
        onViewable();
      }, AD_VIEWABLE_MS);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? arm() : stop());
    const observer = new IntersectionObserver(
      (entries) => {
        const e = entries[entries.length - 1]!;
        inView = e.isIntersecting && e.intersectionRatio >= AD_VIEWABLE_RATIO;
        if (inView) arm();
        else stop();
      },
      { threshold: [0, AD_VIEWABLE_RATIO] },
    );
    observer.observe(el);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // onViewable is the creative's own (the component is keyed by the creative).
  }, [ref, active]);
}
