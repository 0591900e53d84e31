/**
 * Dates and numbers the server formatted while it rendered a page, handed to the browser with the page, so that the
 * reader app hydrates without formatting them again. The browser's first Intl date formatter loads its date and
 * time-zone data: 120–230 ms of a phone's main thread in one piece (Lighthouse's 4× slower CPU), which was the
 * longest task of the front page's hydration (the footer's year). With the server's strings it makes none until a
 * date the server did not format is asked for (a clock's next tick, a story loaded later).
 *
 * Each string is kept under its kind and input (`full|2026-11-28T10:00:00.000Z`), which give the same string
 * wherever they are formatted: the server and the browser both format on Tripoli's clock.
 */
let recording: Record<string, string> | null = null;
let given: Record<string, string> = {};
let hasGiven = false;

/** `make()`, or the server's string for the same kind and input. */
export function formatted(kind: string, input: string, make: () => string): string {
  // Outside a render on the server (the beacons' counters ask for Tripoli's day) there is nothing to look up or keep.
  if (!recording && !hasGiven) return make();
  const key = `${kind}|${input}`;
  const known = given[key];
  if (known !== undefined) return known;
  const value = make();
  if (recording) recording[key] = value;
  return value;
}

/** The server: renders a page (synchronously) and returns the strings it formatted meanwhile. */
export function recordFormatted<T>(render: () => T): { result: T; strings: Record<string, string> } {
  const strings: Record<string, string> = {};
  recording = strings;
  try {
    return { result: render(), strings };
  } finally {
    recording = null;
  }
}

/** The browser: the strings the page came with. */
export function takeFormatted(strings: Record<string, string> | undefined): void {
  given = strings ?? {};
  hasGiven = Object.keys(given).length > 0;
}
