/**
 * Where the server is in its life, as the rest of the app sees it: serving, then draining. Draining begins a
 * graceful stop: `/readyz` answers 503 (so a load balancer stops sending readers here), new requests get an Arabic
 * 503 with `Connection: close`, open ones finish, buffered counts are written. One per app (buildApp makes it unless
 * given one); main.ts starts draining first thing on SIGTERM/SIGINT, before `app.drain()` and `app.close()`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers by itself while the server drains (readiness says why it is not ready). */
    answersWhileDraining?: boolean;
  }
}

/**
 * How long an idle kept-alive connection stays open: Fastify's own default (it sets it only on servers it makes, and
 * ours is our own, app.ts), past the 60 s of common proxies, which would otherwise reuse a connection just closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Once draining, an idle connection is closed after this (the graceful stop waits for every connection). */
export const DRAINING_KEEP_ALIVE_MS = 500;

export interface Lifecycle {
  /** True once a graceful stop has begun; never false again. */
  readonly draining: boolean;
  /** Begins draining (idempotent): the listeners run once, in the order they were added. */
  startDraining(): void;
  /** Runs `listener` when draining begins (at once if it has already). */
  onDraining(listener: () => void): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  const listeners: (() => void)[] = [];
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      if (draining) return;
      draining = true;
      for (const listener of listeners.splice(0)) listener();
    },
    onDraining(listener) {
      if (draining) listener();
      else listeners.push(listener);
    },
  };
}
