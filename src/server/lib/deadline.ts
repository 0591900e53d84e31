/**
 * Every request has a time bound (READER_TIMEOUT_MS for readers, ADMIN_TIMEOUT_MS for the newsroom, or what a route
 * sets in `config.timeoutMs`). When it passes, the request is answered through the error handler with an Arabic 503
 * (the cache puts the last good copy in its place when it has one), and its scope is marked expired; the work behind
 * it goes on until the database's own timeouts end it.
 *
 * Not Fastify's own handlerTimeout: it clears its timer when the request stream closes, which on Node 20 happens as
 * soon as a request's body has been read, so a POST stuck on the database after its body was parsed was never
 * bounded (seen: a save answered after 20 s). Nor `request.signal`, aborted at that same moment.
 *
 * A write must never commit behind an answer that said it failed: the write protocol (write.ts) reads the request's
 * scope, which travels with the staff member acting (`actorOf(req)` carries it), and at the last moment before COMMIT
 * rolls back if the time is up. If the time runs out while the COMMIT itself is on its way, nobody
 * can know whether it was applied (the database may apply it when it wakes): the scope records that, and the answer
 * says so rather than claim either.
 *
 * Not AsyncLocalStorage: on Node 20 it turns on promise hooks for the whole process, a cost on every request's every
 * promise, for what one argument carries.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestScope {
  /** The request's time is up and it has been answered: nothing may commit for it any more. */
  expired: boolean;
  timer?: ReturnType<typeof setTimeout>;
  /** A write's COMMIT has been sent: past this point its outcome is the database's to tell. */
  committing: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's time bound in ms, instead of the reader's (the admin API sets its own for all its routes). */
    timeoutMs?: number;
  }
  interface FastifyRequest {
    /** Set for requests under a time bound: what their writes have reached (see deadline.ts). */
    scope?: RequestScope;
  }
}

/**
 * Opens a scope for every request of `app` (and the plugins under it) from its first hook on, and quiets the end of
 * work that outlived its request: once a request has been answered for its time bound, what its handler returns or
 * throws later is expected (the database answered late, or its own timeout ended the work) and logged at debug level,
 * not as Fastify's "reply already sent".
 */
export function registerRequestScope(app: FastifyInstance, opts: { defaultTimeoutMs: number }): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, req, reply) {
      const out: unknown = handler.call(this, req, reply);
      if (!(out instanceof Promise)) return out;
      return out.then(
        (value) => (req.scope?.expired ? outlived(req) : value),
        (err: unknown) => {
          if (req.scope?.expired) return outlived(req, err);
          throw err;
        },
      );
    };
  });
  app.addHook('onRequest', (req, reply, done) => {
    const scope: RequestScope = { expired: false, committing: false };
    req.scope = scope;
    const ms = req.routeOptions.config.timeoutMs ?? opts.defaultTimeoutMs;
    scope.timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      // From here on nothing may commit for this request (write.ts checks before COMMIT).
      scope.expired = true;
      reply.send(new RequestTimeoutError(ms));
    }, ms);
    done();
  });
  const settle = async (req: FastifyRequest) => clearTimeout(req.scope?.timer);
  app.addHook('onResponse', settle);
  app.addHook('onRequestAbort', settle);
}

/**
 * The end of a handler that outlived its request's bound. Its answer went out already; a promise that never settles
 * tells Fastify there is nothing more to send (an undefined result would make it send an empty reply, a value would
 * be sent twice).
 */
function outlived(req: FastifyRequest, err?: unknown): Promise<never> {
  req.log.debug({ err, url: req.url }, 'work finished after its time bound; its answer was sent already');
  return new Promise<never>(() => {});
}

class RequestTimeoutError extends Error {
  readonly code = 'SAHIFA_REQUEST_TIMEOUT';
  readonly statusCode = 503;
  constructor(ms: number) {
    super(`request not answered within ${ms} ms`);
  }
}

export const isTimeout = (err: unknown): boolean => err instanceof RequestTimeoutError;

/**
 * What the write of a request that failed came to: nothing (it was rolled back, or never reached its COMMIT), or
 * unknown, because its COMMIT was already on its way when the database stopped answering.
 */
export const writeOutcome = (req: FastifyRequest): 'none' | 'unknown' => (req.scope?.committing ? 'unknown' : 'none');
