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
 * The firm the accessibility suite judges every screen with: its people, an overdue item, a document
 * request with an uploaded and a rejected document, a DSC expiring soon, signed work without its UDIN,
 * a folder with a file and a recurring task, so that each screen is judged with rows in it.
 */
export async function createAccessibilityFirm(request: APIRequestContext) {
  const firm = await createFirm(request);
  // GSTR-3B on GST: the client gets its work items when it is created.
  await tieRule(request, await adminToken(request), 'GSTR3B_MONTHLY', firm.gst);
  const client = await createUserAs(request, firm.token, 'client', 'Axeclient', [firm.gst]);
  const workId = (await listWork(request, firm.token))[0]?.id as number;
  // A document request on it: one document uploaded (to review), one rejected with its reason, one waiting.
  const asked = await askForDocuments(request, firm.token, workId, [
    'Sales register',
    'Purchase invoices',
    'Bank statement',
  ]);
  const [sales, invoices] = asked.items as unknown as [{ id: number }, { id: number }];
  const clientToken = await apiToken(request, client.email, client.password);
  await uploadForRequest(request, clientToken, asked.id, sales.id);
  await uploadForRequest(request, clientToken, asked.id, invoices.id);
  await request.put(`/api/requests/${asked.id}/items/${invoices.id}`, {
    headers: { authorization: `Bearer ${firm.token}` },
    data: { status: 'rejected', reason: 'Only half the month' },
  });
  // An overdue one-off item: every work screen is judged with a late row in it (WCAG 1.4.3, issue 22).
  const late = await request.post('/api/work', {
    headers: { authorization: `Bearer ${firm.token}` },
    data: { client_id: client.id, service_id: firm.gst, title: 'Reply to the GST notice', due_date: '2026-01-15' },
  });
  expect(late.status()).toBe(201);
  // The registers (issue 22): a certificate expiring soon, and signed work still without its UDIN.
  await addDscExpiringSoon(request, firm.token, client.id, {
    holder_name: 'Axe Holder',
    class: 'class3',
    issued_by: 'eMudhra',
    custody: 'firm',
  });
  await signWorkWithoutUdin(request, firm.token, workId);
  const pc = await createUserAs(request, firm.token, 'pc', 'Axepc');
  const executor = await createUserAs(request, firm.token, 'executor', 'Axeexec');
  // The client's GST handed to the PC: its bell has something to list.
  await request.post('/api/service/assignPC', {
    headers: { authorization: `Bearer ${firm.token}` },
    data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
  });
  const folderId = await createFolderWithFile(
    request,
    firm.token,
    { clientId: client.id, serviceId: firm.gst },
    { folder: 'Returns', file: 'return.pdf', clientCanDelete: false },
  );
  // A recurring task on the client's page (issue 22): its section is judged with a row in it.
  await addRecurringTask(request, firm.token, {
    client_id: client.id,
    service_id: firm.gst,
    title: 'Monthly bookkeeping',
    cadence: 'monthly',
    due_day: 10,
  });
  return { firm, client, pc, executor, folderId, workId };
}

export type AccessibilityFirm = Awaited<ReturnType<typeof createAccessibilityFirm>>;
