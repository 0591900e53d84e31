/**
 * React 18+ has useSyncExternalStore built in; libraries that still import the old shim (wouter) get React's own
 * through this module (vite.config.ts aliases the shim here), so the shim's code stays out of every reader page.
 */
export { useSyncExternalStore } from 'react';
