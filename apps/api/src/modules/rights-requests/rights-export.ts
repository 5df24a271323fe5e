import { invoiceFilterQuerySchema } from '@portal/contract/invoices';
import { PRODUCT_NAME } from '@portal/contract/product';
import { type DocumentRequest, REQUEST_STATUSES, requestListQuerySchema } from '@portal/contract/requests';
import { findRoleName } from '@portal/contract/roles';
import { workListQuerySchema } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { firmOf } from '../../policy/authorize.js';
import { summarizeActorsAboutClient } from '../audit/audit.service.js';
import { listInvoices } from '../billing/invoices.service.js';
import { listAssignmentsOfClient } from '../client-services/client-services.service.js';
import { listFamilyMembers } from '../family-members/family-members.service.js';
import { listRequests } from '../requests/request-reads.service.js';
import { readOwnPersonalRecord } from '../users/user-personal-data.js';
import { listWorkItems } from '../work/work-reads.service.js';
import { listOwnRights } from './rights-requests.service.js';
import { readConsentRecordsSlot, readContactSlot } from './rights-requests-hooks.js';

const PAGE = 100;

/** Every page of an offset-paged list, in order (a client's own lists: hundreds of rows at most). */
async function readAllPages<T>(readPage: (page: number) => Promise<{ data: T[]; last_page: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await readPage(page);
    rows.push(...answer.data);
    if (page >= answer.last_page) return rows;
  }
}

/** What the portal's answers carry for the screen (what the reader may do) is not the client's data. */
const withoutPermissions = <T extends { permissions?: unknown }>(row: T) => {
  const { permissions: _permissions, ...rest } = row;
  return rest;
};

/** A document request without the signed links its answer carries (they expire; the files are in the ZIP). */
const withoutLinks = (request: DocumentRequest) => {
  const { permissions: _permissions, link: _link, ...rest } = request;
  return {
    ...rest,
    items: request.items.map((item) => ({
      ...item,
      files: item.files.map(({ download_url: _url, ...file }) => file),
    })),
  };
};

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || null;

/** Who handles each of the client's services now: its firm's PC and executor, or another firm's MPC. */
async function readHandlers(context: AppContext, clientId: number) {
  const rows = await listAssignmentsOfClient(context.db, clientId);
  return rows.map((row) => ({
    service: row.service_name,
    pc: row.pc_id === null ? null : fullName(row.pc_first_name, row.pc_last_name),
    executor: row.executor_id === null ? null : fullName(row.executor_first_name, row.executor_last_name),
    another_firm: row.mpc_id === null ? null : fullName(row.mpc_first_name, row.mpc_last_name),
  }));
}

/**
 * Who had the client's data (DPDP Act 2023, section 11(1)(b)): each person of its firm, or of another
 * firm a service was handed to, that the activity log shows acting on it, from when to when.
 */
async function readSharedWith(context: AppContext, client: { id: number; firmId: number }) {
  const actors = await summarizeActorsAboutClient(context.db, { firmId: client.firmId, clientId: client.id });
  return actors.map((actor) => {
    const role = findRoleName(actor.roleId);
    const firm = role ? firmOf({ id: actor.id, role, firmId: actor.firmId }) : null;
    return {
      name: actor.name,
      role: role ?? 'unknown',
      of: role === 'admin' ? 'the platform' : firm === client.firmId ? 'your firm' : 'another firm',
      first_seen_at: actor.firstAt,
      last_seen_at: actor.lastAt,
      events: actor.events,
    };
  });
}

/**
 * `personal-data.json` of an access download: what the portal holds about the client, read as the client
 * reads its own (its sub-form in full), with who had it; its documents go beside it in the ZIP.
 */
export async function buildPersonalData(context: AppContext, client: Actor, firmId: number, ip: string) {
  const clientId = client.id;
  const profile = await readOwnPersonalRecord(context, client, ip);
  const familyMembers = await readAllPages((page) =>
    listFamilyMembers(context, client, clientId, { page, limit: PAGE }),
  );
  const work = await readAllPages((page) =>
    listWorkItems(context, client, workListQuerySchema.parse({ page, limit: PAGE })),
  );
  const requests = [];
  for (const status of REQUEST_STATUSES)
    requests.push(
      ...(await readAllPages((page) =>
        listRequests(context, client, requestListQuerySchema.parse({ status, page, limit: PAGE })),
      )),
    );
  const invoices = [];
  for (let before: number | undefined; ; ) {
    const page = await listInvoices(context, client, invoiceFilterQuerySchema.parse({ before, limit: PAGE }));
    invoices.push(...page.data);
    if (page.next_before === null) break;
    before = page.next_before;
  }
  const rightsRequests = [];
  for (let before: string | null = null; ; ) {
    const page = await listOwnRights(context, client, { limit: PAGE, ...(before ? { before: Number(before) } : {}) });
    rightsRequests.push(...page.data.map(withoutPermissions));
    if (page.next === null) break;
    before = page.next;
  }
  return {
    about: {
      generated_at: context.clock.now().toISOString(),
      portal: PRODUCT_NAME,
      what: 'The personal data your firm holds about you in this portal, and who had it. Your own documents are in the documents folder beside this file.',
    },
    data_protection_contact: await readContactSlot.call(context.db, firmId),
    profile,
    family_members: familyMembers,
    services: await readHandlers(context, clientId),
    shared_with: await readSharedWith(context, { id: clientId, firmId }),
    work_items: work.map(withoutPermissions),
    document_requests: requests.map(withoutLinks),
    invoices,
    consent_records: await readConsentRecordsSlot.call(context.db, { firmId, clientId }),
    rights_requests: rightsRequests,
  };
}
