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
import type { AuthService, SessionAdmin } from '../modules/auth/auth.service';

export const SESSION_COOKIE = 'sahifa_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (set by the gate on admin routes). */
    admin: SessionAdmin | null;
  }
  interface FastifyContextConfig {
    /** Only roles with this permission may call the route (checked by the gate). */
    permission?: Permission;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

export function adminApi(deps: AdminApiDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('admin', null);
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
        const permission = req.routeOptions.config.permission;
        if (permission && !can(req.admin.role, permission)) throw errors.forbidden();
      });
      for (const routes of deps.gated) await gate.register(routes);
    });
  };
}
