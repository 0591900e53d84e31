import { HOME_SLUG } from '../../../shared/constants';

const SLUG = /^[a-z0-9_-]{1,100}$/;

/** The home tab named by ?category= (a well-formed slug; the tabs show home if no active section has it), or home. */
export function activeSection(search: URLSearchParams): string {
  const requested = search.get('category');
  return requested && SLUG.test(requested) ? requested : HOME_SLUG;
}
