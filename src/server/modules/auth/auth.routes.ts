import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, okMessage, sessionResponse } from '../../../shared/schemas/admin';
import { actorOf, checkSameOrigin, SESSION_COOKIE, toSessionAdmin } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import type { Db } from '../../db/client';
import { presentAdmin } from '../admins/admins.presenter';
import type { AuthRepository } from './auth.repository';
import type { AuthService } from './auth.service';

function cookieOptions(req: FastifyRequest, publicUrl: string | undefined, expires?: Date) {
  const secure = publicUrl ? publicUrl.startsWith('https://') : req.protocol === 'https';
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, ...(expires ? { expires } : {}) };
}

/** POST /api/admin/login: the only admin route outside the session gate. */
export function loginRoute(service: AuthService, db: Db, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/login',
      {
        schema: { body: loginRequest, response: { 200: loginResponse } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        checkSameOrigin(req, publicUrl);
        const { admin, token, expiresAt } = await service.login(
          req.body.username,
          req.body.password,
          req.ip,
          req.headers['user-agent'],
        );
        await audit(db, admin, 'login', 'session', null);
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(req, publicUrl, expiresAt));
        return { message: 'تم تسجيل الدخول بنجاح', admin: presentAdmin(toSessionAdmin(admin)) };
      },
    );
  };
}

/** Session routes behind the gate. */
export function sessionRoutes(repo: AuthRepository, db: Db, publicUrl: string | undefined) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
    typed.get('/api/admin/session', { schema: { response: { 200: sessionResponse } } }, async (req) => {
      const admin = actorOf(req);
      const session = await repo.findSession(req.cookies[SESSION_COOKIE]!, new Date());
      return { admin: presentAdmin(admin), expiresAt: (session?.expiresAt ?? new Date()).toISOString() };
    });
    typed.post(
      '/api/admin/logout',
      { schema: { response: { 200: okMessage } } },
      async (req: FastifyRequest, reply: FastifyReply) => {
        const admin = actorOf(req);
        await repo.deleteSession(req.cookies[SESSION_COOKIE]!);
        await audit(db, admin, 'logout', 'session', null);
        reply.clearCookie(SESSION_COOKIE, cookieOptions(req, publicUrl));
        return { message: 'تم تسجيل الخروج' };
      },
    );
  };
}
