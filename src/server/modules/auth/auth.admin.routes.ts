import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, okMessage, sessionResponse, staffSession } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import {
  codeInput,
  loginResponse,
  passkeyAnswer,
  reauthInput,
  webauthnOptions,
} from '../../../shared/schemas/security';
import {
  actorOf,
  DEVICE_COOKIE,
  relyingPartyOf,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenOf,
} from '../../plugins/admin-api';
import { presentAdmin } from '../admins/admins.presenter';
import { presentStaffSession } from './auth.presenter';
import type { AuthService, SignInContext, SignInOutcome } from './auth.service';

const DEVICE_COOKIE_MS = 365 * 86_400_000;
const SIGNED_IN = 'تم تسجيل الدخول بنجاح';
const SECOND_STEP = 'أدخل رمز التحقق لإكمال تسجيل الدخول';

function cookieOptions(req: FastifyRequest, publicUrl: string | undefined, expires?: Date) {
  const secure = publicUrl ? publicUrl.startsWith('https://') : req.protocol === 'https';
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, ...(expires ? { expires } : {}) };
}

const contextOf = (req: FastifyRequest): SignInContext => ({
  address: req.ip,
  userAgent: req.headers['user-agent'],
  deviceToken: req.cookies[DEVICE_COOKIE],
});

/** Sets the cookies of a sign-in's outcome and says what it is (SPEC's answer, or "a second step is needed"). */
function answer(req: FastifyRequest, reply: FastifyReply, publicUrl: string | undefined, outcome: SignInOutcome) {
  reply.setCookie(SESSION_COOKIE, outcome.token, cookieOptions(req, publicUrl, outcome.expiresAt));
  if (outcome.step === 'second_factor') return { message: SECOND_STEP, secondFactor: { methods: outcome.methods } };
  if (outcome.deviceToken)
    reply.setCookie(
      DEVICE_COOKIE,
      outcome.deviceToken,
      cookieOptions(req, publicUrl, new Date(Date.now() + DEVICE_COOKIE_MS)),
    );
  return { message: SIGNED_IN, admin: presentAdmin(outcome.admin), twoFactorSetupRequired: outcome.enrol };
}

/** POST /api/admin/login and its second step: the only admin routes outside the session gate. */
export function loginRoutes(auth: AuthService, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
    app.post(
      '/login',
      { schema: { body: loginRequest, response: { 200: loginResponse } }, config: limit },
      async (req, reply) =>
        answer(req, reply, publicUrl, await auth.login(req.body.username, req.body.password, contextOf(req))),
    );
    /** The second step: an authenticator or recovery code for the session the password opened. */
    app.post(
      '/login/code',
      { schema: { body: codeInput, response: { 200: loginResponse } }, config: limit },
      async (req, reply) =>
        answer(
          req,
          reply,
          publicUrl,
          await auth.secondStep(req.cookies[SESSION_COOKIE], req.body.code, contextOf(req)),
        ),
    );
    /** A passkey challenge: for the pending session's account, or for any passkey of this site (signing in alone). */
    app.post('/login/passkey/options', { schema: { response: { 200: webauthnOptions } }, config: limit }, async (req) =>
      auth.passkeyOptions(relyingPartyOf(req, publicUrl), req.cookies[SESSION_COOKIE]),
    );
    app.post(
      '/login/passkey',
      { schema: { body: passkeyAnswer, response: { 200: loginResponse } }, config: limit },
      async (req, reply) =>
        answer(
          req,
          reply,
          publicUrl,
          await auth.passkeySignIn(
            req.body as never,
            relyingPartyOf(req, publicUrl),
            req.cookies[SESSION_COOKIE],
            contextOf(req),
          ),
        ),
    );
  };
}

/** The session of the signed-in staff member, re-authentication, their sessions, and logout. */
export function sessionRoutes(auth: AuthService, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const ENROLMENT = { enrolment: true } as const;
    app.get('/session', { config: ENROLMENT, schema: { response: { 200: sessionResponse } } }, async (req) => {
      const session = sessionOf(req);
      return {
        admin: presentAdmin(actorOf(req)),
        expiresAt: session.expiresAt.toISOString(),
        twoFactorSetupRequired: session.stage === 'enrol',
      };
    });
    /** Proves the owner again (password or code) for the sensitive actions of the next 10 minutes. */
    app.post(
      '/me/reauth',
      {
        schema: { body: reauthInput, response: { 200: okMessage } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => {
        await auth.reauthenticate(actorOf(req), sessionTokenOf(req), req.body, req.ip);
        return { message: 'تم التحقق من هويتك' };
      },
    );
    app.post('/me/reauth/passkey/options', { schema: { response: { 200: webauthnOptions } } }, async (req) =>
      auth.reauthPasskeyOptions(actorOf(req), relyingPartyOf(req, publicUrl)),
    );
    app.post('/me/reauth/passkey', { schema: { body: passkeyAnswer, response: { 200: okMessage } } }, async (req) => {
      await auth.reauthenticateWithPasskey(
        actorOf(req),
        sessionTokenOf(req),
        req.body as never,
        relyingPartyOf(req, publicUrl),
      );
      return { message: 'تم التحقق من هويتك' };
    });
    app.get('/me/sessions', { schema: { response: { 200: z.array(staffSession) } } }, async (req) =>
      (await auth.sessions(actorOf(req), sessionTokenOf(req))).map(presentStaffSession),
    );
    app.delete('/me/sessions/:id', { schema: { params: idParam, response: { 200: okMessage } } }, async (req) => {
      await auth.endSession(actorOf(req), req.params.id);
      return { message: 'تم إنهاء الجلسة' };
    });
    /** Ends every other session of the signed-in staff member. */
    app.delete('/me/sessions', { schema: { response: { 200: okMessage } } }, async (req) => {
      await auth.endOtherSessions(actorOf(req), sessionTokenOf(req));
      return { message: 'تم إنهاء جلساتك الأخرى' };
    });
    app.post(
      '/logout',
      { config: ENROLMENT, schema: { response: { 200: okMessage } } },
      async (req: FastifyRequest, reply: FastifyReply) => {
        await auth.logout(actorOf(req), sessionTokenOf(req));
        reply.clearCookie(SESSION_COOKIE, cookieOptions(req, publicUrl));
        return { message: 'تم تسجيل الخروج' };
      },
    );
    /** An admin lifts the sign-in locks on an account. */
    app.post(
      '/admins/:id/unlock',
      { config: { permission: 'accounts.manage' }, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await auth.unlock(actorOf(req), req.params.id);
        return { message: 'تم رفع القفل عن الحساب' };
      },
    );
  };
}
