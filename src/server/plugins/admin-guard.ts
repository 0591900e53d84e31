/**
 * The one gate of /api/admin/*: every route registered inside `adminScope` needs a valid session cookie;
 * routes whose config says `role: 'admin'` also need the admin role; state-changing requests must come from
 * this site's own origin. Nobody adds auth route by route. (The spec's bearer header is accepted and ignored:
 * the cookie is the credential.)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '../errors';
import type { AdminRow, AuthRepository } from '../modules/auth/auth.repository';

export const SESSION_COOKIE = 'sahifa_session';

export interface SessionAdmin {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: 'admin' | 'editor';
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin: SessionAdmin | null;
  }
  interface FastifyContextConfig {
    /** Only this role may call the route (checked by the admin gate). */
    role?: 'admin';
  }
}

export const toSessionAdmin = (a: AdminRow): SessionAdmin => ({
  id: a.id,
  username: a.username,
  fullName: a.fullName,
  email: a.email,
  role: a.role,
  createdAt: a.createdAt,
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses a state-changing request whose Origin (or Referer) is not this site. */
export function checkSameOrigin(req: FastifyRequest, publicUrl: string | undefined): void {
  if (!UNSAFE.has(req.method)) return;
  const expected = publicUrl ?? `${req.protocol}://${req.host}`;
  const origin = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
  if (origin !== expected) throw new AppError(403, 'CROSS_ORIGIN', 'تم رفض الطلب لأنه لم يصدر من لوحة التحكم');
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function adminScope(auth: AuthRepository, publicUrl: string | undefined, now: () => Date) {
  return async (scope: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>) => {
    scope.addHook('onRequest', async (req: FastifyRequest, _reply: FastifyReply) => {
      checkSameOrigin(req, publicUrl);
      const token = req.cookies[SESSION_COOKIE];
      const session = token ? await auth.findSession(token, now()) : undefined;
      if (!session) throw new AppError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
      req.admin = toSessionAdmin(session.admin);
      if (req.routeOptions.config.role === 'admin' && req.admin.role !== 'admin')
        throw new AppError(403, 'FORBIDDEN', MESSAGES.forbidden);
    });
    await register(scope);
  };
}

/** The signed-in admin of a request behind the gate. */
export function actorOf(req: FastifyRequest): SessionAdmin {
  if (!req.admin) throw new AppError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
  return req.admin;
}
