import { CATEGORY_CHIPS } from '../../shared/constants';

/** The six links of the header, the footer and the chips: home is "/", the rest their section pages. */
export const NAV_LINKS = CATEGORY_CHIPS.map((c) => ({ ...c, href: c.slug === 'home' ? '/' : `/category/${c.slug}` }));
