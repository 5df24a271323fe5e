import { randomBytes } from 'node:crypto';
import { formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import {
  ERASED_KIND_LABELS,
  type ErasedKind,
  type ErasureInput,
  type ErasurePlan,
  type HeldGroup,
  RETENTION_MESSAGES as M,
  type RetentionClass,
} from '@portal/contract/retention';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failValidation } from '../../http/http-error.js';
import { eraseAadhaarOf } from '../aadhaar-vault/aadhaar-vault.service.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  deleteBillingRecords,
  eraseUnissuedBillingOf,
  listBillingOfClientForRetention,
  unlinkBilledWork,
} from '../billing/billing-erasure.service.js';
import { eraseFamilyOf } from '../family-members/family-members.service.js';
import { listFilesOfClientForRetention, purgeFilesOfErasedClient } from '../files/file-erasure.service.js';
import { readPmlaReportingEntity } from '../firm-settings/firm-settings.service.js';
import { forgetMailOf } from '../mail/mail-queue.js';
import { eraseNoticesAbout } from '../notifications/notifications.service.js';
import { eraseCertificatesOf } from '../registers/dsc.service.js';
import { eraseRequestsOf } from '../requests/request-erasure.service.js';
import {
  answerErasureRequest,
  endDownloadsOfErasedClient,
  findErasureRequestToAnswer,
} from '../rights-requests/rights-actions.service.js';
import { listServiceRecordClasses } from '../services/services.service.js';
import { endSessionsFor } from '../sessions/sessions.service.js';
import { eraseLinksOf } from '../user-links/user-links.service.js';
import { claimClientErasure, eraseClientProfile } from '../users/user-erasure.service.js';
import { requireUserToActOn, type UserRow } from '../users/users.service.js';
import { deleteWorkOfErasedClient, listWorkOfClientForRetention } from '../work/work-erasure.service.js';
import { type ClientRecords, type ErasureSplit, presentGroup, type RecordGroup, splitRecords } from './erasure-plan.js';
import { isOnLegalHold } from './legal-holds.service.js';
import { insertRetentionHolds } from './retention.repository.js';
import { heldUntil } from './retention-periods.js';
import { readScheduleByClass } from './retention-schedule.service.js';

/** The identity record a PMLA reporting entity keeps: one group with no year (`fy_start` -1). */
const IDENTITY_FY = -1;

async function readClientRecords(db: Kysely<DB>, clientId: number): Promise<ClientRecords> {
  const billing = await listBillingOfClientForRetention(db, clientId);
  return {
    work: await listWorkOfClientForRetention(db, clientId),
    files: await listFilesOfClientForRetention(db, clientId),
    invoices: billing.invoices,
    receipts: billing.receipts,
  };
}

/** How a client's records split today, with the identity hold of a PMLA reporting entity. */
export async function planClientRecords(
  db: Kysely<DB>,
  client: Pick<UserRow, 'id' | 'firm_id'>,
  erasedOn: string,
): Promise<{ split: ErasureSplit; identity: RecordGroup | null; schedule: Map<string, RetentionClass> }> {
  const schedule = await readScheduleByClass(db);
  const split = splitRecords(await readClientRecords(db, client.id), {
    serviceClasses: await listServiceRecordClasses(db),
    schedule,
    erasedOn,
  });
  const diligence = schedule.get('client_due_diligence');
  const keepsIdentity = client.firm_id !== null && diligence && (await readPmlaReportingEntity(db, client.firm_id));
  const identity: RecordGroup | null = keepsIdentity
    ? {
        recordClass: 'client_due_diligence',
        fyStart: IDENTITY_FY,
        heldUntil: heldUntil(diligence, { fyStart: IDENTITY_FY, reportedOn: null, erasedOn }),
        workIds: [],
        fileIds: [],
        invoiceIds: [],
        receiptIds: [],
      }
    : null;
  return { split, identity, schedule };
}

const sum = (groups: RecordGroup[], pick: (group: RecordGroup) => number[]) =>
  groups.reduce((total, group) => total + pick(group).length, 0);

function describeRemoved(counts: Partial<Record<ErasedKind, number | null>>): ErasurePlan['removed'] {
  return (Object.keys(ERASED_KIND_LABELS) as ErasedKind[]).map((kind) => ({
    kind,
    label: ERASED_KIND_LABELS[kind],
    count: counts[kind] ?? null,
  }));
}

const normalName = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const fullNameOf = (client: Pick<UserRow, 'first_name' | 'last_name'>) =>
  [client.first_name, client.last_name].filter(Boolean).join(' ');

async function requireErasable(context: AppContext, actor: Actor, clientId: number): Promise<UserRow> {
  const client = await requireUserToActOn(context, actor, clientId, 'client.erase');
  if (client.erased_at) failConflict(M.alreadyErased);
  return client;
}

/** `GET /api/clients/:id/erasure`: what erasing the client now would remove and keep (its firm's MPC). */
export async function previewErasure(context: AppContext, actor: Actor, clientId: number): Promise<ErasurePlan> {
  const client = await requireUserToActOn(context, actor, clientId, 'client.erase');
  const today = indianDateOf(context.clock.now());
  const { split, identity, schedule } = await planClientRecords(context.db, client, today);
  const held: HeldGroup[] = [...split.held, ...(identity ? [identity] : [])].map((group) =>
    presentGroup(group, schedule),
  );
  return {
    client_id: client.id,
    on_legal_hold: await isOnLegalHold(context.db, client.id),
    erased_at: client.erased_at,
    removed: describeRemoved({
      open_work: split.removeWorkIds.length + sum(split.ended, (group) => group.workIds),
      files: sum(split.ended, (group) => group.fileIds),
    }),
    held,
  };
}

/**
 * `POST /api/clients/:id/erasure`: erases the client in one transaction (docs/decisions/0046). What no class
 * holds goes at once (name to a pseudonym, contact, address, sub-form with bank details and Aadhaar
 * references, the vault's numbers, family, sign-in, open work, requests, drafts, fees, links, certificates,
 * notices, files of ended periods); filings, invoices, receipts and files of held periods stay, each group
 * with a `retention_holds` row the daily purge removes when its day has passed. When it answers an erasure
 * request, the answer (what went, what stays until when) is mailed before the address goes. The activity
 * log gets one `client.erased` event with counts, classes and days: no personal data.
 */
export async function eraseClient(
  context: AppContext,
  actor: Actor,
  clientId: number,
  input: ErasureInput,
  ip: string,
): Promise<ErasurePlan> {
  const client = await requireErasable(context, actor, clientId);
  if (normalName(input.confirm_name) !== normalName(fullNameOf(client)))
    failValidation('confirm_name', M.confirmNameWrong);
  const request = input.rights_request_id
    ? await findErasureRequestToAnswer(context, actor, { requestId: input.rights_request_id, clientId: client.id })
    : null;
  const at = context.clock.now();
  const today = indianDateOf(at);
  const plan = await context.db.transaction().execute(async (trx) => {
    if (await isOnLegalHold(trx, client.id)) failConflict(M.erasureOnHold);
    if (!(await claimClientErasure(trx, client.id, at))) failConflict(M.alreadyErased);
    const { split, identity, schedule } = await planClientRecords(trx, client, today);
    const held = [...split.held, ...(identity ? [identity] : [])];
    const removedNotices = await eraseNoticesAbout(trx, client.id);
    await forgetMailOf(trx, client.email, `erased-${client.id}@erased.invalid`);
    if (request)
      await answerErasureRequest(trx, context, {
        request,
        actor,
        answer: describeAnswer(held, schedule),
        ip,
        at,
      });
    await endDownloadsOfErasedClient(trx, client.id, at);
    const removedRequests = await eraseRequestsOf(trx, client.id);
    const workIds = [...split.removeWorkIds, ...split.ended.flatMap((group) => group.workIds)];
    await unlinkBilledWork(trx, workIds);
    const removedWork = await deleteWorkOfErasedClient(trx, workIds);
    const unissued = await eraseUnissuedBillingOf(trx, client.id);
    await deleteBillingRecords(trx, {
      invoiceIds: split.ended.flatMap((group) => group.invoiceIds),
      receiptIds: split.ended.flatMap((group) => group.receiptIds),
    });
    const removedFiles = await purgeFilesOfErasedClient(
      context,
      trx,
      client.id,
      split.ended.flatMap((group) => group.fileIds),
      at,
    );
    const family = await eraseFamilyOf(trx, client.id);
    const links = await eraseLinksOf(trx, client.id);
    const certificates = await eraseCertificatesOf(trx, client.id);
    const aadhaar = await eraseAadhaarOf(trx, client.id);
    const sessions = await endSessionsFor(trx, { actorId: actor.id, userId: client.id, reason: 'erased', ip, at });
    const profile = await eraseClientProfile(trx, context.documents, client.id, {
      pseudonym: { first_name: 'Erased client', last_name: randomBytes(3).toString('hex').toUpperCase() },
      keepIdentity: identity !== null,
      at,
    });
    await insertRetentionHolds(
      trx,
      held.map((group) => ({
        firm_id: client.firm_id as number,
        client_id: client.id,
        record_class: group.recordClass,
        fy_start: group.fyStart,
        held_until: group.heldUntil,
        created_at: at.toISOString(),
      })),
    );
    const counts: Partial<Record<ErasedKind, number>> = {
      contact_details: 1,
      aadhaar_numbers: aadhaar,
      bank_and_identity_details: 1 + profile.documents,
      family_members: family,
      sign_in: sessions + profile.signIn,
      open_work: removedWork,
      document_requests: removedRequests,
      draft_invoices: unissued.drafts,
      fees: unissued.fees,
      links,
      certificates,
      notifications: removedNotices,
      files: removedFiles,
    };
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'client.erased',
      entityType: 'user',
      entityId: client.id,
      subjectId: client.id,
      ip,
      at,
      details: {
        removed: counts,
        held: held.map((group) => ({
          class: group.recordClass,
          year: group.fyStart < 0 ? null : group.fyStart,
          until: group.heldUntil,
          work_items: group.workIds.length,
          invoices: group.invoiceIds.length,
          receipts: group.receiptIds.length,
          files: group.fileIds.length,
        })),
        ...(input.rights_request_id ? { rights_request_id: input.rights_request_id } : {}),
      },
    });
    return {
      client_id: client.id,
      on_legal_hold: false,
      erased_at: at.toISOString(),
      removed: describeRemoved(counts),
      held: held.map((group) => presentGroup(group, schedule)),
    } satisfies ErasurePlan;
  });
  context.mail.wake();
  return plan;
}

/** The answer an erasure request gets: what went, and per class what stays until when and the law that keeps it. */
function describeAnswer(held: RecordGroup[], schedule: ReadonlyMap<string, RetentionClass>): string {
  const lines = [
    'Your personal data has been erased: your name, contact details, address, Aadhaar and bank details, family members, sign-in, open work, document requests and the files no law requires us to keep.',
  ];
  if (held.length > 0)
    lines.push(
      'The law requires us to keep these records, under a pseudonym, until the day shown; they are deleted then:',
    );
  const byClass = new Map<string, RecordGroup[]>();
  for (const group of held) byClass.set(group.recordClass, [...(byClass.get(group.recordClass) ?? []), group]);
  for (const [recordClass, groups] of byClass) {
    const shown = groups.map((group) => presentGroup(group, schedule));
    const days = shown
      .map(
        (group) =>
          `${group.financial_year ? `${group.financial_year} ` : ''}until ${formatIndianDate(group.held_until)}`,
      )
      .join('; ');
    const source = schedule.get(recordClass)?.source.split(':')[0] ?? '';
    lines.push(`- ${shown[0]?.label ?? recordClass}: ${days} (${source}).`);
  }
  return lines.join('\n').slice(0, 5000);
}
