import { CATEGORY_CHIPS, HOME_SLUG } from '../../../shared/constants';

export const SECTION_SLUGS: string[] = CATEGORY_CHIPS.map((c) => c.slug);

/** The home tab named by ?category=, or home. */
export function activeSection(search: URLSearchParams): string {
  const requested = search.get('category');
  return requested && SECTION_SLUGS.includes(requested) ? requested : HOME_SLUG;
}
