/**
 * A value made on its first use and kept: Intl's formatters and rules, which are costly to make, and a module loaded
 * only when needed (the server's MJML). The first formatter with a time zone loads the browser's calendar data (some
 * 12 ms here, 50 on a slow phone); made when their module loaded, they made the reader's script one long task with
 * everything else it runs at start.
 */
export const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
