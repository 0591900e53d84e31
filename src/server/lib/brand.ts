/** The site's mark (a white «ص»-like P on the paper's blue, with a red dot): the favicon, and the e-mails' logo. */
export const BRAND_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1e3a8a"/><path d="M18 44V20h18a8 8 0 0 1 0 16H26v8z" fill="#fff"/><circle cx="46" cy="44" r="4" fill="#dc2626"/></svg>`;
