import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/settings-defaults';
import { queryOptionsFor } from './query-client';
import { q } from './queries';

/** Site settings (name, e-mail, social links); the defaults until they arrive. */
export function useSettings() {
  return useQuery(queryOptionsFor(q.settings())).data ?? DEFAULT_PUBLIC_SETTINGS;
}
