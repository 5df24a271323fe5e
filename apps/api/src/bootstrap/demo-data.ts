import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { AppContext } from '../app-context.js';
import { type Actor, actorOfUser } from '../auth/actor.js';
import { type MultipartForm, stageUpload, type UploadedFile } from '../http/multipart-form.js';
import { assignExecutor, assignPc } from '../modules/assignments/assignments.service.js';
import { addFamilyMember, listFamilyMembers } from '../modules/family-members/family-members.service.js';
import { listServiceFolders } from '../modules/files/file-reads.service.js';
import { createFolder, uploadFile } from '../modules/files/files.service.js';
import { findOrInsertServiceByName } from '../modules/services/services.service.js';
import { insertLinkOf, listLinksOfOwner } from '../modules/user-links/user-links.service.js';
import { createUser } from '../modules/users/user-writes.service.js';
import { findUserById, findUserBySignInName, updateUser } from '../modules/users/users.service.js';
import { type DemoFirm, gstinOf, seedDemoBilling } from './demo-billing.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { seedDemoRequests } from './demo-requests.js';
import { seedDemoWork } from './demo-work.js';

export const DEMO_PASSWORD = 'Demo@1234';
const DEMO_SERVICES = [
  'GST Return',
  'Income Tax Return (ITR)',
  'TAN Registration',
  'PAN Application',
  'Company Incorporation',
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

type DemoAccount = { role: RoleName; name: string; email: string; username: string; status: string };

type Person = {
  first: string;
  last: string;
  email: string;
  status?: number;
  details?: Record<string, unknown>;
  /** A business registered for GST elsewhere than its address: its invoices are inter-state B2B. */
  gstin?: string;
};

const AADHAAR = '234123412346';
const partner = (name: string) => ({
  nameofpartner: name,
  sex: 'male',
  Pannumber: 'ABCPE1234F',
  aadharnumber: AADHAAR,
});

const FIRMS: { mpc: Person; pcs: Person[]; executors: Person[]; clients: Person[] }[] = [
  {
    mpc: { first: 'Anand', last: 'Sharma', email: 'anand.sharma@demo-sharma.in' },
    pcs: [
      { first: 'Priya', last: 'Nair', email: 'priya.nair@demo-sharma.in' },
      { first: 'Rahul', last: 'Verma', email: 'rahul.verma@demo-sharma.in' },
    ],
    executors: [{ first: 'Suresh', last: 'Kumar', email: 'suresh.kumar@demo-sharma.in' }],
    clients: [
      {
        first: 'Meena',
        last: 'Traders',
        email: 'accounts@meena-traders.in',
        status: 3,
        details: {
          full_name: 'Meena Traders',
          msem: 'no',
          number_of_partners: 2,
          partners: [partner('Meena Rao'), partner('Kiran Rao')],
        },
      },
      {
        // A business: its legal name in the name, no last name, its identifiers in the sub-form.
        first: 'Sharma Infra Projects Private Limited',
        last: '',
        email: 'accounts@sharma-infra.in',
        status: 11,
        details: { cin: 'U45200MH2015PTC265432', date_of_formation: '2015-07-14' },
        // Registered for GST in Maharashtra, where it was incorporated: firm 1 bills it IGST.
        gstin: gstinOf('27', 'AAECS4321M'),
      },
      {
        first: 'Shree Ganesh Co-operative Housing Society Ltd',
        last: '',
        email: 'secretary@shree-ganesh-chs.in',
        status: 8,
        details: { registration_number: 'MUM/WR/HSG/TC/12345/2001', date_of_formation: '2001-03-19' },
      },
      {
        first: 'Vikram',
        last: 'Singh',
        email: 'vikram.singh@example.in',
        status: 1,
        details: { dob: '1984-07-14', sex: 'male', aadhar: AADHAAR, fathers_name: 'Harbhajan Singh', msem: 'no' },
      },
    ],
  },
  {
    mpc: { first: 'Lakshmi', last: 'Iyer', email: 'lakshmi.iyer@demo-iyer.in' },
    pcs: [{ first: 'Arjun', last: 'Rao', email: 'arjun.rao@demo-iyer.in' }],
    executors: [{ first: 'Deepa', last: 'Pillai', email: 'deepa.pillai@demo-iyer.in' }],
    clients: [
      {
        first: 'Kaveri',
        last: 'Textiles',
        email: 'finance@kaveri-textiles.in',
        status: 9,
        details: { listed_at_bse: 'yes', listed_since_bse: '2004-08-16', listed_at_nse: 'no', listed_at_msme: 'no' },
      },
      {
        first: 'Iyer Family Welfare Trust',
        last: '',
        email: 'trustees@iyer-welfare-trust.in',
        status: 5,
        details: { registration_number: 'E-23456 (Chennai)', date_of_formation: '1998-11-02' },
      },
    ],
  },
];

async function ensureServices(context: AppContext, adminId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const name of DEMO_SERVICES) {
    const now = context.clock.now().toISOString();
    ids.push((await findOrInsertServiceByName(context.db, { name, createdBy: adminId, now })).id);
  }
  return ids;
}

async function demoForm(
  context: AppContext,
  fields: Record<string, string>,
  withProof: boolean,
): Promise<MultipartForm> {
  const files: UploadedFile[] = [];
  if (withProof) {
    files.push(
      await stageUpload(
        Readable.from([PDF]),
        { field: 'qualification_proof', fileName: 'qualification.pdf' },
        stagingOf(context),
      ),
    );
  }
  return {
    fields,
    files,
    discard: async () => Promise.all(files.map((file) => fs.rm(file.tempPath, { force: true }))).then(() => {}),
  };
}

const stagingOf = (context: AppContext) => ({ tempDir: context.documents.tempDir, keyring: context.keyring });

/** Creates (or finds) one person through the same service and rules as the API. */
async function ensurePerson(context: AppContext, creator: Actor, role: RoleName, person: Person, services: number[]) {
  const existing = await findUserBySignInName(context.db, person.email);
  if (existing) return existing;
  const fields: Record<string, string> = {
    role_id: String(ROLE_ID[role]),
    first_name: person.first,
    last_name: person.last,
    email: person.email,
    mobile_number: '9876543210',
    password: DEMO_PASSWORD,
    address: '1 Demo Street',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    nature_of_service: JSON.stringify(services),
    ...(person.gstin ? { gst_number: person.gstin } : {}),
    ...(role === 'mpc' ? { qualification: 'ca', practice_since: '2010' } : {}),
    ...(role === 'client'
      ? {
          country: 'IN',
          ...(person.status ? { client_status_id: String(person.status) } : {}),
          ...(person.details ? { additional_data: JSON.stringify(person.details) } : {}),
        }
      : {}),
  };
  const id = await createUser(context, creator, await demoForm(context, fields, role === 'mpc'), { ip: '127.0.0.1' });
  // The demo password is published for trying the portal: no demo account is asked to change it.
  await updateUser(context.db, id, { password_state: 'own' });
  return (await findUserById(context.db, id)) as NonNullable<Awaited<ReturnType<typeof findUserById>>>;
}

/**
 * Two demo firms with PCs, executors and clients, over the services catalogue, a year of their
 * statutory work and its billing; safe to run again.
 */
export async function seedDemoData(context: AppContext, admin: Actor): Promise<DemoAccount[]> {
  const services = await ensureServices(context, admin.id);
  const accounts: DemoAccount[] = [];
  const note = (
    role: RoleName,
    row: { first_name: string; last_name: string; email: string; username: string; status: string },
  ) =>
    accounts.push({
      role,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      username: row.username,
      status: row.status,
    });
  const firms: DemoFirm[] = [];
  for (const [index, firm] of FIRMS.entries()) {
    const mpcRow = await ensurePerson(context, admin, 'mpc', firm.mpc, services);
    note('mpc', mpcRow);
    const mpc = actorOfUser(mpcRow);
    const firmServices = index === 0 ? services.slice(0, 3) : services.slice(2);
    const pcs: Row[] = [];
    const executors: Row[] = [];
    const clients: Row[] = [];
    for (const person of firm.pcs) pcs.push(await ensurePerson(context, mpc, 'pc', person, firmServices));
    for (const person of firm.executors)
      executors.push(await ensurePerson(context, mpc, 'executor', person, firmServices));
    for (const person of firm.clients)
      clients.push(await ensurePerson(context, mpc, 'client', person, firmServices.slice(0, 2)));
    for (const row of pcs) note('pc', row);
    for (const row of executors) note('executor', row);
    for (const row of clients) note('client', row);
    await seedFirmWork(context, mpc, { pcs, executors, clients }, firmServices);
    firms.push({ mpc: mpcRow, clients });
  }
  // The statutory calendar on the demo services, and a year of work planned from it.
  await seedDemoWork(context, admin, new Map(DEMO_SERVICES.map((name, index) => [name, services[index] as number])));
  // The bells: services handed out (above), work moved on by each firm's MPC, due and overdue notices.
  await seedDemoNotifications(context);
  // Documents asked of the clients for that work: open requests and fulfilled ones.
  await seedDemoRequests(context, async (fileName) => {
    const file = await stageUpload(Readable.from([PDF]), { field: 'file', fileName }, stagingOf(context));
    return { fields: {}, files: [file], discard: () => fs.rm(file.tempPath, { force: true }) };
  });
  // Billing on the filed work: profiles, fees, invoices in every state, receipts and a credit note.
  await seedDemoBilling(context, admin, firms);
  return accounts;
}

type Row = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Who handles what, a family member per client and a few links: through the same services as the API. */
async function seedFirmWork(
  context: AppContext,
  mpc: Actor,
  people: { pcs: Row[]; executors: Row[]; clients: Row[] },
  services: number[],
) {
  const origin = '127.0.0.1';
  for (const [index, client] of people.clients.entries()) {
    const serviceId = services[index % 2] as number;
    const pc = people.pcs[index % people.pcs.length];
    const executor = people.executors[0];
    if (pc) await assignPc(context, mpc, { client_id: client.id, service_id: serviceId, pc_id: pc.id }, origin);
    if (executor)
      await assignExecutor(
        context,
        mpc,
        { client_id: client.id, service_id: serviceId, executor_id: executor.id },
        origin,
      );
    const members = await listFamilyMembers(context, mpc, client.id, { page: 1, limit: 1 });
    if (members.total === 0) {
      await addFamilyMember(
        context,
        mpc,
        {
          member_name: `${client.first_name} (spouse)`,
          mobile_number: '9123456780',
          email_id: `family.${client.username}@example.in`,
          service_id: serviceId,
          user_id: client.id,
        },
        origin,
      );
    }
  }
  for (const client of people.clients) await seedClientFiles(context, mpc, client, services[0] as number);
  for (const owner of [mpc, ...people.pcs.map(actorOfUser)]) {
    if ((await listLinksOfOwner(context.db, owner.id)).length > 0) continue;
    const now = context.clock.now().toISOString();
    await insertLinkOf(context.db, { ownerId: owner.id, label: 'GST portal', value: 'https://www.gst.gov.in', now });
    await insertLinkOf(context.db, {
      ownerId: owner.id,
      label: 'Income Tax e-filing',
      value: 'https://www.incometax.gov.in',
      now,
    });
  }
}

/** A folder path two levels deep with a document in it, once per client. */
async function seedClientFiles(context: AppContext, mpc: Actor, client: Row, serviceId: number) {
  if ((await listServiceFolders(context, mpc, client.id, serviceId)).length > 0) return;
  const origin = '127.0.0.1';
  const top = await createFolder(
    context,
    mpc,
    { folder_name: 'Returns', client_id: client.id, service_id: serviceId },
    origin,
  );
  const year = await createFolder(
    context,
    mpc,
    { folder_name: '2024-25', client_id: client.id, service_id: serviceId, folder_id: top.folder_id },
    origin,
  );
  const file = await stageUpload(
    Readable.from([PDF]),
    { field: 'file', fileName: 'acknowledgement.pdf' },
    stagingOf(context),
  );
  const form: MultipartForm = {
    fields: {
      file_name: 'ITR acknowledgement.pdf',
      notes: 'Filed on time',
      is_deleted: '0',
      client_id: String(client.id),
      service_id: String(serviceId),
      folder_id: String(year.folder_id),
    },
    files: [file],
    discard: () => fs.rm(file.tempPath, { force: true }),
  };
  await uploadFile(context, mpc, form, origin);
}
