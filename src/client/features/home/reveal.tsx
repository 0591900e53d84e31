import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Sidebar boxes fade in once the page scrolls past `px` (SPEC §2). The server HTML shows them, so they are
 * readable without JavaScript; after hydration a box that is still below the fold is hidden until the scroll
 * passes `px`, and a box already in view is never hidden.
 */
export function Reveal({ px, children }: { px: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.scrollY > px) return;
    let onScroll: (() => void) | undefined;
    // Whether the box is on the first screen, from an observer (asked with the browser's next frame) rather than from
    // its position read here, which would make the browser lay the whole page out at once in the middle of
    // hydration (some 20 ms of a phone's main thread for three boxes).
    const seen = new IntersectionObserver(([entry]) => {
      seen.disconnect();
      if (entry?.isIntersecting || window.scrollY > px) return;
      setShown(false);
      onScroll = () => {
        if (window.scrollY <= px) return;
        setShown(true);
        window.removeEventListener('scroll', onScroll!);
      };
      window.addEventListener('scroll', onScroll, { passive: true });
    });
    seen.observe(el);
    return () => {
      seen.disconnect();
      if (onScroll) window.removeEventListener('scroll', onScroll);
    };
  }, [px]);
  return (
    <div ref={ref} className={`transition-opacity duration-500 ${shown ? 'opacity-100' : 'opacity-0'}`}>
      {children}
    </div>
  );
}
