import { CreateStaffSchema, IdParamSchema, StaffMemberSchema, UpdateStaffSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/reply.ts';
import { addMember, changeMember, staffList } from './staff.service.ts';

/** The staff (docs/shop-rules.md#staff-and-roles): the owner's page /staff. */
export async function staffRoutes(base: FastifyInstance, opts: { db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/staff',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['staff'],
        summary: 'The members of staff (Admin): Admins, Cashiers and Baristas, with whether they are active and have a PIN',
        response: { 200: envelope(z.array(StaffMemberSchema)) },
      },
    },
    async (request) => ({ msg: request.t('server.staffFound'), data: await staffList(db) }),
  );

  app.post(
    '/staff',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['staff'],
        summary:
          'Add a member of staff (Admin): a name, an e-mail, a role and a PIN of 4–6 digits; an account that exists (a customer) is ' +
          'given the role. A member already: 409',
        body: CreateStaffSchema,
        errors: [409],
        response: { 201: envelope(StaffMemberSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ msg: request.t('server.staffAdded'), data: await addMember(db, request.body) }),
  );

  app.patch(
    '/staff/:id',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['staff'],
        summary:
          "Change a member (Admin): a role (User takes it away), a new PIN, active or not, a name. A change of role or a deactivation ends the member's " +
          'sessions at once; the last active Admin cannot be demoted or deactivated (409)',
        params: IdParamSchema,
        body: UpdateStaffSchema,
        errors: [409],
        response: { 200: envelope(StaffMemberSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.staffSaved'), data: await changeMember(db, request.params.id, request.body) }),
  );
}
