import type { APIRequestContext } from '@playwright/test';
import { addDscExpiringSoon, addRecurringTask, signWorkWithoutUdin } from './client-records';
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
  await addRecurringTask(request, firm.token, {
    client_id: client.id,
    service_id: firm.itr,
    title: 'Quarterly MIS for the partners',
    cadence: 'quarterly',
    due_day: 15,
  });
  // The registers (issue 22): a certificate expiring soon with a long holder name, signed work without a UDIN.
  await addDscExpiringSoon(request, firm.token, client.id, {
    holder_name: 'Sunita Phonefamily Ramakrishnan',
    class: 'dgft',
    issued_by: 'Capricorn Identity Services',
    custody: 'client',
  });
  await signWorkWithoutUdin(request, firm.token, item?.id as number);
  return { firm, client, folderId };
}

export type PhoneFirm = Awaited<ReturnType<typeof createPhoneFirm>>;
