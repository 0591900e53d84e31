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
    if (!el || window.scrollY > px || el.getBoundingClientRect().top < window.innerHeight) return;
    setShown(false);
    const onScroll = () => {
      if (window.scrollY > px) {
        setShown(true);
        window.removeEventListener('scroll', onScroll);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return (
    <div ref={ref} className={`transition-opacity duration-500 ${shown ? 'opacity-100' : 'opacity-0'}`}>
      {children}
    </div>
  );
}
