import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import {
  adminToken,
  apiToken,
  askForDocuments,
  createFirm,
  createFolderWithFile,
  createUserAs,
  listWork,
  tieRule,
  uploadForRequest,
} from './people';

/**
 * The firm the phone-width suite lays its screens out with: long names and addresses everywhere (a
 * family member, a folder and a file, a document request, a recurring task, a DSC), so that a screen
 * that could scroll sideways does.
 */
export async function createPhoneFirm(request: APIRequestContext) {
  const firm = await createFirm(request);
  await tieRule(request, await adminToken(request), 'GSTR3B_MONTHLY', firm.gst);
  const client = await createUserAs(request, firm.token, 'client', 'Phonefamily', [firm.gst, firm.itr]);
  const headers = { authorization: `Bearer ${firm.token}` };
  const member = await request.post('/api/member/create', {
    headers,
    data: {
      user_id: client.id,
      member_name: 'Sunita Phonefamily',
      mobile_number: '9820010003',
      email_id: 'sunita.phonefamily.with.a.long.address@example.test',
      service_id: firm.gst,
    },
  });
  expect(member.status()).toBe(201);
  const folderId = await createFolderWithFile(
    request,
    firm.token,
    { clientId: client.id, serviceId: firm.gst },
    {
      folder: 'Returns of the assessment year 2025-26',
      file: 'gstr-3b-april-2026-acknowledgement.pdf',
      clientCanDelete: true,
    },
  );
  // A document request on the first work item, one document uploaded: the client's dashboard shows it
  // with an upload for the other, the item's page a document to review.
  const [item] = await listWork(request, firm.token);
  const asked = await askForDocuments(request, firm.token, item?.id as number, [
    'Sales register for the whole month with credit notes',
    'Bank statement',
  ]);
  const clientToken = await apiToken(request, client.email, client.password);
  await uploadForRequest(request, clientToken, asked.id, (asked.items[0] as { id: number }).id);
  // A recurring task: the client's page shows its row and the form to add another (issue 22).
  const task = await request.post('/api/recurring-tasks', {
    headers: { authorization: `Bearer ${firm.token}` },
    data: {
      client_id: client.id,
      service_id: firm.itr,
      title: 'Quarterly MIS for the partners',
      cadence: 'quarterly',
      due_day: 15,
      months_after: 1,
      starts_month: '2026-04',
    },
  });
  expect(task.status()).toBe(201);
  // The registers (issue 22): a certificate expiring soon with a long holder name, signed work without a UDIN.
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const dsc = await request.post(`/api/clients/${client.id}/dsc`, {
    headers,
    data: {
      holder_name: 'Sunita Phonefamily Ramakrishnan',
      class: 'dgft',
      issued_by: 'Capricorn Identity Services',
      valid_until: soon,
      custody: 'client',
    },
  });
  expect(dsc.status()).toBe(201);
  await request.put(`/api/work/${item?.id}`, {
    headers,
    data: { signed_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
  });
  return { firm, client, folderId };
}

export type PhoneFirm = Awaited<ReturnType<typeof createPhoneFirm>>;
