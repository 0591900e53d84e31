import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUser,
  createAdminInput,
  okMessage,
  ownPasswordInput,
  passwordInput,
  profileInput,
  staffMember,
} from '../../../shared/schemas/admin';
import { idParam, pageQuery } from '../../../shared/schemas/common';
import { actorOf, sessionTokenOf } from '../../plugins/admin-api';
import { sendPage } from '../../lib/paging';
import { presentAdmin } from './admins.presenter';
import type { AdminsService } from './admins.service';

const ACCOUNTS = { permission: 'accounts.manage' } as const;
/** Adding an account and setting someone's password want the admin's identity proved in the last 10 minutes. */
const ACCOUNTS_SENSITIVE = { permission: 'accounts.manage', reauth: true } as const;

export function adminsAdminRoutes(service: AdminsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admins',
      { config: ACCOUNTS, schema: { querystring: pageQuery, response: { 200: z.array(adminUser) } } },
      async (req, reply) => {
        const page = await service.page(req.query);
        return sendPage(reply, { ...page, items: page.items.map(presentAdmin) });
      },
    );

    app.post(
      '/admins',
      { config: ACCOUNTS_SENSITIVE, schema: { body: createAdminInput, response: { 201: adminUser } } },
      async (req, reply) => reply.status(201).send(presentAdmin(await service.create(actorOf(req), req.body))),
    );

    app.put(
      '/admins/:id/password',
      { config: ACCOUNTS_SENSITIVE, schema: { params: idParam, body: passwordInput, response: { 200: okMessage } } },
      async (req) => {
        await service.setPassword(actorOf(req), req.params.id, req.body.password, sessionTokenOf(req));
        return { message: 'تم تحديث كلمة المرور' };
      },
    );

    /** Every staff member changes their own password here (no permission needed beyond being signed in). */
    app.put('/me/password', { schema: { body: ownPasswordInput, response: { 200: okMessage } } }, async (req) => {
      await service.changeOwnPassword(
        actorOf(req),
        req.body.currentPassword,
        req.body.password,
        sessionTokenOf(req),
        req.ip,
      );
      return { message: 'تم تغيير كلمة المرور' };
    });

    /** Every staff member lists the staff (to name co-authors) and edits their own public profile. */
    app.get(
      '/staff',
      { config: { permission: 'news.write' }, schema: { response: { 200: z.array(staffMember) } } },
      async () => service.staff(),
    );
    app.put('/me/profile', { schema: { body: profileInput, response: { 200: adminUser } } }, async (req) =>
      presentAdmin(await service.updateProfile(actorOf(req), req.body)),
    );

    app.delete(
      '/admins/:id',
      { config: ACCOUNTS, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.delete(actorOf(req), req.params.id);
        return { message: 'تم حذف المستخدم' };
      },
    );
  };
}
