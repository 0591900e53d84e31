import { createContext, useContext } from 'react';

/** Facts the server knows when it renders: the public origin (for share links) and its clock. */
export interface SiteContextValue {
  origin: string;
  serverNow: string;
}

export const SiteContext = createContext<SiteContextValue>({ origin: '', serverNow: new Date(0).toISOString() });
export const useSite = () => useContext(SiteContext);
