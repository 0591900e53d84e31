import { useQuery } from '@tanstack/react-query';
import type { AdPlacement } from '../../../shared/ads';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';

/** A placement as the page was rendered with it; undefined while unknown or when it is off (nothing is drawn). */
export function useAdPlacement(placement: AdPlacement) {
  const { data } = useQuery(queryOptionsFor(q.adPlacements()));
  return data?.find((p) => p.key === placement && p.enabled);
}
