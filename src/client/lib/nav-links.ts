import { useQuery } from '@tanstack/react-query';
import { CATEGORY_CHIPS, HOME_SLUG } from '../../shared/constants';
import { queryOptionsFor } from './query-client';
import { q } from './queries';

export interface NavLinkItem {
  slug: string;
  name: string;
  color: string;
  href: string;
}

const HOME = CATEGORY_CHIPS[0];
const homeLink: NavLinkItem = { slug: HOME_SLUG, name: HOME.name, color: HOME.color, href: '/' };

/**
 * The links of the header, the footer, the chips, the home tabs and the not-found page: home, then the active
 * sections in the newsroom's order (a section switched on or added in the admin appears; one switched off goes).
 * The list is part of every page's server-rendered data (chromeQueries), so it is there before any script runs.
 */
export function useNavLinks(): NavLinkItem[] {
  const { data } = useQuery(queryOptionsFor(q.categories()));
  return [
    homeLink,
    ...(data ?? []).map((c) => ({ slug: c.slug, name: c.name, color: c.color, href: `/category/${c.slug}` })),
  ];
}
