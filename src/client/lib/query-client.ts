import { QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';
import type { QueryDef } from './queries';

/** SPEC §9: results never go stale by default, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    },
  });
}

export function queryOptionsFor<T>(def: QueryDef<T>, extra: Partial<UseQueryOptions<T>> = {}): UseQueryOptions<T> {
  return { queryKey: def.key, queryFn: () => apiFetch<T>(def.path), ...extra };
}
