import { createContext, useContext } from 'react';

/** Facts the server knows when it renders: the public origin (for share links), its clock, where images live. */
export interface SiteContextValue {
  origin: string;
  serverNow: string;
  /** When Tripoli's day of serverNow ends: a date the page shows stays right until then. */
  dayEndsAt?: string;
  /** The media base (MEDIA_PUBLIC_URL or /media): the browser loads images where the server's HTML said. */
  mediaBase?: string;
  /** Only in the page's __SITE__: the dates and numbers the server formatted (shared/formatted.ts). */
  formatted?: Record<string, string>;
}

export const SiteContext = createContext<SiteContextValue>({ origin: '', serverNow: new Date(0).toISOString() });
export const useSite = () => useContext(SiteContext);
