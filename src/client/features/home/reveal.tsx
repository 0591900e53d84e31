import type { ReactNode } from 'react';
import { useScrolledPast } from '../../lib/hooks';

/**
 * Sidebar boxes fade in once the page scrolls past `px` (SPEC §2). The content is in the server HTML and
 * readable without JavaScript; only its opacity changes, so nothing is hidden from crawlers or screen readers.
 */
export function Reveal({ px, children }: { px: number; children: ReactNode }) {
  const shown = useScrolledPast(px);
  return <div className={`transition-opacity duration-500 ${shown ? 'opacity-100' : 'opacity-60'}`}>{children}</div>;
}
