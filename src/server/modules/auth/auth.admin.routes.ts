import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, okMessage, sessionResponse, staffSession } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import { z } from 'zod';
import { actorOf, SESSION_COOKIE, sessionTokenOf } from '../../plugins/admin-api';
import { presentAdmin } from '../admins/admins.presenter';
import { presentStaffSession } from './auth.presenter';
import type { AuthService } from './auth.service';

function cookieOptions(req: FastifyRequest, publicUrl: string | undefined, expires?: Date) {
  const secure = publicUrl ? publicUrl.startsWith('https://') : req.protocol === 'https';
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, ...(expires ? { expires } : {}) };
}

/** POST /api/admin/login: the only admin route outside the session gate. */
export function loginRoutes(auth: AuthService, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        schema: { body: loginRequest, response: { 200: loginResponse } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const { admin, token, expiresAt } = await auth.login(
          req.body.username,
          req.body.password,
          req.ip,
          req.headers['user-agent'],
        );
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(req, publicUrl, expiresAt));
        return { message: 'تم تسجيل الدخول بنجاح', admin: presentAdmin(admin) };
      },
    );
  };
}

/** The session of the signed-in staff member, and logout. */
export function sessionRoutes(auth: AuthService, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/session', { schema: { response: { 200: sessionResponse } } }, async (req) => {
      const session = await auth.authenticate(sessionTokenOf(req));
      return { admin: presentAdmin(actorOf(req)), expiresAt: (session?.expiresAt ?? new Date(0)).toISOString() };
    });
    app.get('/me/sessions', { schema: { response: { 200: z.array(staffSession) } } }, async (req) =>
      (await auth.sessions(actorOf(req), sessionTokenOf(req))).map(presentStaffSession),
    );
    app.delete('/me/sessions/:id', { schema: { params: idParam, response: { 200: okMessage } } }, async (req) => {
      await auth.endSession(actorOf(req), req.params.id);
      return { message: 'تم إنهاء الجلسة' };
    });
    app.post(
      '/logout',
      { schema: { response: { 200: okMessage } } },
      async (req: FastifyRequest, reply: FastifyReply) => {
        await auth.logout(actorOf(req), sessionTokenOf(req));
        reply.clearCookie(SESSION_COOKIE, cookieOptions(req, publicUrl));
        return { message: 'تم تسجيل الخروج' };
      },
    );
  };
}
