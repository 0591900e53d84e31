/**
 * The admin API under /api/admin: the one gate. Every route registered as `gated` needs a valid session cookie; a
 * route whose config names a `permission` also needs a role that has it (src/shared/permissions.ts); every
 * state-changing request must come from this site's own origin. Nobody adds auth route by route. (SPEC's bearer
 * header is accepted and ignored: the httpOnly cookie is the credential.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, type Permission } from '../../shared/permissions';
import { errors } from '../errors';
import type { RequestScope } from '../lib/deadline';
import type { SessionStage } from '../modules/auth/auth.repository';
import type { AuthService, SessionAdmin } from '../modules/auth/auth.service';
import { mfaErrors } from '../modules/mfa/mfa.errors';
import type { RelyingParty } from '../modules/mfa/passkeys.service';

export const SESSION_COOKIE = 'sahifa_session';
/** A long-lived random token naming the browser: one that signed in to an account before is not held by its lock. */
export const DEVICE_COOKIE = 'sahifa_device';

interface GateSession {
  expiresAt: Date;
  stage: SessionStage;
  verifiedAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (set by the gate on admin routes). */
    admin: SessionAdmin | null;
    /** Their session's stage and when it last proved its owner (set by the gate). */
    adminSession: GateSession | null;
  }
  interface FastifyContextConfig {
    /** Only roles with this permission may call the route (checked by the gate). */
    permission?: Permission;
    /** Open to a session held at enrolment (the policy wants a second factor the account lacks). */
    enrolment?: boolean;
    /**
     * A sensitive action: a whole session must have proved its owner within the last 10 minutes (REAUTH_REQUIRED);
     * a session held at enrolment is not asked (it proved the password within the hour it lasts).
     */
    reauth?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The Cache-Control of every answer under /api/admin. */
export const NO_STORE = 'private, no-store';

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Refuses a state-changing request whose Origin (or Referer) is not this site. */
export function checkSameOrigin(req: FastifyRequest, publicUrl: string | undefined): void {
  if (!UNSAFE.has(req.method)) return;
  const expected = publicUrl ?? `${req.protocol}://${req.host}`;
  const origin = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
  if (origin !== expected) throw errors.crossOrigin();
}

/** The signed-in staff member of a request behind the gate, carrying the request's time bound to its writes. */
export function actorOf(req: FastifyRequest): SessionAdmin & { scope?: RequestScope } {
  if (!req.admin) throw errors.unauthorized();
  return { ...req.admin, scope: req.scope };
}

/** The gate's view of the request's session. */
export function sessionOf(req: FastifyRequest): GateSession {
  if (!req.adminSession) throw errors.unauthorized();
  return req.adminSession;
}

/**
 * The WebAuthn relying party: PUBLIC_URL's host and origin; without PUBLIC_URL (development), the host the panel was
 * opened at (`localhost`: browsers refuse passkeys on bare IP addresses).
 */
export function relyingPartyOf(req: FastifyRequest, publicUrl: string | undefined): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { id: url.hostname, origin: url.origin };
  }
  return { id: req.hostname, origin: `${req.protocol}://${req.host}` };
}

/** The session cookie of a request behind the gate. */
export const sessionTokenOf = (req: FastifyRequest): string => req.cookies[SESSION_COOKIE] ?? '';

export interface AdminApiDeps {
  auth: AuthService;
  publicUrl: string | undefined;
  /** The time bound of every admin request that does not set its own (ADMIN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Routes outside the gate (signing in). */
  open: FastifyPluginAsyncZod[];
  /** Everything else. */
  gated: FastifyPluginAsyncZod[];
}

/** Whether a request's address (path and query) is the admin API's: /api/admin itself or anything under it. */
export const isAdminApiUrl = (url: string): boolean =>
  url.startsWith('/api/admin') && (url.length === 10 || url[10] === '/' || url[10] === '?');

/**
 * Everything answered under /api/admin is one staff member's, errors and unknown addresses included: no cache on the
 * way may keep it, nor the browser on disk (RFC 9111 §5.2.2.5, §5.2.2.7). A hook of the whole app, so that it also
 * covers what the admin API's own routes never see (a 404 for an address it does not have); added after the response
 * cache, whose `no-store` for what it does not keep it replaces.
 */
export function registerAdminNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isAdminApiUrl(req.url)) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}

export function adminApi(deps: AdminApiDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('admin', null);
    app.decorateRequest('adminSession', null);
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, timeoutMs: route.config?.timeoutMs ?? deps.timeoutMs };
    });
    app.addHook('onRequest', async (req) => checkSameOrigin(req, deps.publicUrl));
    for (const routes of deps.open) await app.register(routes);
    await app.register(async (gate) => {
      gate.addHook('onRequest', async (req) => {
        const token = req.cookies[SESSION_COOKIE];
        const session = token ? await deps.auth.authenticate(token) : undefined;
        if (!session) throw errors.unauthorized();
        req.admin = session.admin;
        req.adminSession = session;
        const { permission, enrolment, reauth } = req.routeOptions.config;
        // Until it has a second factor, an account the policy requires one of can only enrol (and sign out).
        if (session.stage === 'enrol' && !enrolment) throw mfaErrors.setupRequired();
        if (permission && !can(req.admin.role, permission)) throw errors.forbidden();
        // A session held at enrolment proved the password just now (and cannot reach /me/reauth): not asked again.
        if (reauth && session.stage === 'full' && !deps.auth.recentlyVerified(session.verifiedAt))
          throw mfaErrors.reauthRequired();
      });
      for (const routes of deps.gated) await gate.register(routes);
    });
  };
}
