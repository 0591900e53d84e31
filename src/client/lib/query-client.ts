import { QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api';
import type { QueryDef } from './queries';

/** SPEC §9: results never go stale by default, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    },
  });
}

/**
 * For a query whose 404 means "this page does not exist" (an article, a section), a 404 is data: null. The
 * server dehydrates that null too, so the not-found screen is in the server HTML and is not refetched.
 */
export function findQueryOptions<T>(
  def: QueryDef<T>,
  extra: Partial<UseQueryOptions<T | null>> = {},
): UseQueryOptions<T | null> {
  const queryFn = () =>
    apiFetch<T>(def.path).catch((err) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err)));
  return { queryKey: def.key, queryFn, ...extra };
}

export function queryOptionsFor<T>(def: QueryDef<T>, extra: Partial<UseQueryOptions<T>> = {}): UseQueryOptions<T> {
  return { queryKey: def.key, queryFn: () => apiFetch<T>(def.path), ...extra };
}
