import type { Kysely } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import type { DB } from '../../db/schema.js';

export type FamilyMemberRow = {
  id: number;
  client_id: number;
  member_name: string;
  mobile_number: string;
  email_id: string;
  service_id: number;
  service_name: string;
  is_minor: number;
  guardian_name: string | null;
  guardian_relation: string | null;
  created_at: string;
};

function selectMembers(db: Kysely<DB>) {
  return db
    .selectFrom('family_members')
    .innerJoin('services', 'services.id', 'family_members.service_id')
    .select([
      'family_members.id',
      'family_members.client_id',
      'family_members.member_name',
      'family_members.mobile_number',
      'family_members.email_id',
      'family_members.service_id',
      'services.service_name',
      'family_members.is_minor',
      'family_members.guardian_name',
      'family_members.guardian_relation',
      'family_members.created_at',
    ]);
}

export function countMembersOfClient(db: Kysely<DB>, clientId: number): Promise<number> {
  return countRows(db.selectFrom('family_members').where('client_id', '=', clientId));
}

export function listMembersOfClient(
  db: Kysely<DB>,
  clientId: number,
  offset: number,
  limit: number,
): Promise<FamilyMemberRow[]> {
  return selectMembers(db)
    .where('family_members.client_id', '=', clientId)
    .orderBy('family_members.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findMember(db: Kysely<DB>, id: number): Promise<FamilyMemberRow | undefined> {
  return selectMembers(db).where('family_members.id', '=', id).executeTakeFirst();
}

export async function insertMember(
  db: Kysely<DB>,
  values: {
    clientId: number;
    name: string;
    mobile: string;
    email: string;
    serviceId: number;
    /** A minor's parent or lawful guardian; null: an adult. */
    guardian: { name: string; relation: string } | null;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  return insertRow(db, 'family_members', {
    client_id: values.clientId,
    member_name: values.name,
    mobile_number: values.mobile,
    email_id: values.email,
    service_id: values.serviceId,
    is_minor: values.guardian ? 1 : 0,
    guardian_name: values.guardian?.name ?? null,
    guardian_relation: values.guardian?.relation ?? null,
    created_by: values.createdBy,
    created_at: values.now,
  });
}

export async function deleteMember(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('family_members').where('id', '=', id).execute();
}

/** Every family member of a client (its erasure, issue 25). */
export async function deleteMembersOfClient(db: Kysely<DB>, clientId: number): Promise<number> {
  const result = await db.deleteFrom('family_members').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
