/**
 * The site's mark (a white «ص»-like P on the paper's blue, with a red dot): the favicon, the e-mails' logo, and the
 * drawing every app icon is made from (modules/pwa).
 */
export const BRAND_BLUE = '#1e3a8a';
/** The browser's toolbar colour (`theme-color`) in each colour scheme: the pages' meta tags and the web app manifest. */
export const THEME_COLOURS = { light: BRAND_BLUE, dark: '#020617' } as const;

/** The glyph alone (white bowl and red dot) in the 64-unit square, for drawing on any background. */
export const BRAND_GLYPH = `<path d="M18 44V20h18a8 8 0 0 1 0 16H26v8z" fill="#fff"/><circle cx="46" cy="44" r="4" fill="#dc2626"/>`;

export const BRAND_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${BRAND_BLUE}"/>${BRAND_GLYPH}</svg>`;
