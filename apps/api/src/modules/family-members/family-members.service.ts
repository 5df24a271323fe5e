import type { Paged } from '@portal/contract/envelope';
import { type FamilyMember, MEMBER_MESSAGES, type memberCreateSchema } from '@portal/contract/family-members';
import type { PageQuery } from '@portal/contract/paging';
import { ROLE_ID } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { readPage } from '../../http/paged.js';
import { authorize } from '../../policy/authorize.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { recordAudit } from '../audit/audit.service.js';
import { listServicesOfUsers } from '../client-services/client-services.service.js';
import { toUserTarget } from '../users/user-target.js';
import { findUserInScope, type UserRow } from '../users/users.service.js';
import { presentFamilyMember } from './family-member.presenter.js';
import {
  countMembersOfClient,
  deleteMember,
  deleteMembersOfClient,
  findMember,
  insertMember,
  listMembersOfClient,
} from './family-members.repository.js';

/** The client, if the caller may see it: anything else is "not found". */
async function findVisibleClient(context: AppContext, actor: Actor, clientId: number): Promise<UserRow> {
  const client = await findUserInScope(context.db, userScopeFor(actor), clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound(MEMBER_MESSAGES.notFound);
  return client;
}

export async function listFamilyMembers(
  context: AppContext,
  actor: Actor,
  clientId: number,
  query: PageQuery,
): Promise<Paged<FamilyMember>> {
  await findVisibleClient(context, actor, clientId);
  return readPage(
    query,
    () => countMembersOfClient(context.db, clientId),
    (offset, limit) => listMembersOfClient(context.db, clientId, offset, limit),
    presentFamilyMember,
  );
}

export async function addFamilyMember(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof memberCreateSchema>,
  ip: string,
): Promise<FamilyMember> {
  const client = await findVisibleClient(context, actor, input.user_id);
  if (!authorize(actor, 'family.manage', toUserTarget(client))) failForbidden();
  const services = await listServicesOfUsers(context.db, [client.id]);
  if (!services.some((service) => service.service_id === input.service_id)) {
    failValidation('service_id', MEMBER_MESSAGES.serviceNotOfClient);
  }
  const now = context.clock.now();
  const id = await context.db.transaction().execute(async (trx) => {
    const memberId = await insertMember(trx, {
      clientId: client.id,
      name: input.member_name,
      mobile: input.mobile_number,
      email: input.email_id,
      serviceId: input.service_id,
      // The contract requires both for a minor; an adult's guardian, if the form still held one, is not kept.
      guardian:
        input.is_minor === true && input.guardian_name && input.guardian_relation
          ? { name: input.guardian_name, relation: input.guardian_relation }
          : null,
      createdBy: actor.id,
      now: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'member.create',
      entityType: 'family_member',
      entityId: memberId,
      subjectId: client.id,
      ip,
      at: now,
      ...(input.is_minor === true ? { details: { minor: true } } : {}),
    });
    return memberId;
  });
  const member = await findMember(context.db, id);
  if (!member) failNotFound(MEMBER_MESSAGES.notFound);
  return presentFamilyMember(member);
}

export async function removeFamilyMember(
  context: AppContext,
  actor: Actor,
  memberId: number,
  ip: string,
): Promise<void> {
  const member = await findMember(context.db, memberId);
  if (!member) failNotFound(MEMBER_MESSAGES.notFound);
  const client = await findVisibleClient(context, actor, member.client_id);
  if (!authorize(actor, 'family.manage', toUserTarget(client))) failForbidden();
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await deleteMember(trx, member.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'member.remove',
      entityType: 'family_member',
      entityId: member.id,
      subjectId: client.id,
      ip,
      at: now,
      // The row is gone: the log still says whom it was.
      details: { member_name: member.member_name },
    });
  });
}

/** Erasing a client (the `retention` module): its family members go, with their Aadhaar references. */
export function eraseFamilyOf(db: Kysely<DB>, clientId: number): Promise<number> {
  return deleteMembersOfClient(db, clientId);
}
