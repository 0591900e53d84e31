/**
 * The reader's city for prayer times and weather, remembered in this browser (localStorage). Pages are rendered for
 * Tripoli (SPEC's city); a reader who chose another sees theirs as soon as the page is alive. Every widget on the
 * page follows one choice.
 */
import { useSyncExternalStore } from 'react';
import { cityBySlug, DEFAULT_CITY, LIBYAN_CITIES, type LibyanCity } from '../../../shared/cities';

const KEY = 'sahifa:city';
const EVENT = 'sahifa:city';

function read(): string {
  try {
    const saved = localStorage.getItem(KEY);
    return LIBYAN_CITIES.some((c) => c.slug === saved) ? saved! : DEFAULT_CITY;
  } catch {
    return DEFAULT_CITY; // storage refused (private mode): Tripoli
  }
}

function subscribe(cb: () => void) {
  window.addEventListener(EVENT, cb);
  window.addEventListener('storage', cb); // another tab chose
  return () => {
    window.removeEventListener(EVENT, cb);
    window.removeEventListener('storage', cb);
  };
}

export function chooseCity(slug: string): void {
  try {
    if (slug === DEFAULT_CITY) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, slug);
  } catch {
    /* not remembered, but still shown below */
  }
  window.dispatchEvent(new Event(EVENT));
}

export function useCity(): LibyanCity {
  return cityBySlug(useSyncExternalStore(subscribe, read, () => DEFAULT_CITY));
}
