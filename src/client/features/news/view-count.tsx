/**
 * An article's view count as readers see it. The page's view beacon answers with the new count; it is kept here
 * rather than written into the article's query, whose every reader (the page, the header, the ad box) would be drawn
 * again at once with it: on a phone that was one blocking task of about 100 ms as the page came alive.
 */
import { useSyncExternalStore } from 'react';
import { formatCount, VIEWS } from '../../../shared/plural';

const counted = new Map<number, number>();
const listeners = new Set<() => void>();

/** The count the view beacon answered for article `id`. */
export function recordViews(id: number, views: number): void {
  counted.set(id, views);
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** «١٬٢٣٤ مشاهدة»: the larger of the article's own count and the beacon's (counts only grow). */
export function ViewCount({ id, views }: { id: number; views: number }) {
  const beacon = useSyncExternalStore(
    subscribe,
    () => counted.get(id),
    () => undefined,
  );
  return <>{formatCount(Math.max(views, beacon ?? 0), VIEWS)}</>;
}
