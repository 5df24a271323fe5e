import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../app-context.js';
import { actorOfUser } from '../auth/actor.js';
import type { MultipartForm } from '../http/multipart-form.js';
import { uploadToRequest } from '../modules/requests/request-uploads.service.js';
import { createRequest, reviewRequestItem } from '../modules/requests/request-writes.service.js';
import { findUserById } from '../modules/users/users.service.js';

/** Stages a small PDF as the `file` part of an upload form (demo-data.ts makes it). */
export type StageDocument = (fileName: string) => Promise<MultipartForm>;

/** What a firm asks for, by the form the work item files. */
function checklistOf(title: string): string[] {
  if (/^(TDS|TCS|2[467]Q)/.test(title)) return ['Salary sheet', 'Vendor payments with PAN', 'Challan copies'];
  if (/^(ITR|Advance tax)/.test(title))
    return ['Form 16', 'Bank interest certificates', 'Investment proofs (80C, 80D)'];
  return ['Sales register', 'Purchase invoices', 'Bank statement'];
}

/**
 * Document requests as a firm's month has them, through the same rules as the screens: on the work
 * due in the next 30 days, each firm's first two items had a request the client fulfilled (the item
 * went back to its status), the next four and every item the demo left waiting for documents have an
 * open one (a document uploaded for review, on every other one a document rejected with its reason).
 * Safe to run again: a database with any request is left as it is.
 */
export async function seedDemoRequests(context: AppContext, stageDocument: StageDocument): Promise<void> {
  if (await context.db.selectFrom('document_requests').select('id').limit(1).executeTakeFirst()) return;
  const today = indianDateOf(context.clock.now());
  const items = await context.db
    .selectFrom('work_items')
    .select(['id', 'title', 'status', 'firm_id', 'client_id'])
    .where('is_open', '=', 1)
    .where('due_date', '>=', today)
    .where('due_date', '<=', addDays(today, 30))
    .orderBy('due_date')
    .orderBy('id')
    .execute();
  const origin = '127.0.0.1';
  const upload = async (clientId: number, requestId: number, itemId: number, name: string) => {
    const client = await findUserById(context.db, clientId);
    if (client)
      await uploadToRequest(context, actorOfUser(client), { requestId, itemId }, () => stageDocument(name), origin);
  };
  const perFirm = new Map<number, number>();
  for (const [index, item] of items.entries()) {
    const waiting = item.status === 'awaiting_documents';
    const seen = perFirm.get(item.firm_id) ?? 0;
    if (!waiting && seen >= 6) continue;
    perFirm.set(item.firm_id, seen + 1);
    const mpc = await findUserById(context.db, item.firm_id);
    if (!mpc) continue;
    const staff = actorOfUser(mpc);
    const complete = !waiting && seen < 2;
    const request = await createRequest(context, staff, item.id, {
      items: checklistOf(item.title),
      ...(complete ? {} : { message: `Please upload these for ${item.title} so we can file on time.` }),
      due_date: addDays(today, complete ? 2 : 3 + (index % 5)),
    });
    if (complete) {
      for (const document of request.items) {
        await upload(item.client_id, request.id, document.id, `${document.name}.pdf`);
        await reviewRequestItem(context, staff, request.id, document.id, { status: 'accepted' });
      }
      continue;
    }
    const [first, second] = request.items;
    if (first) await upload(item.client_id, request.id, first.id, `${first.name}.pdf`);
    if (second && index % 2 === 0) {
      await upload(item.client_id, request.id, second.id, `${second.name}.pdf`);
      await reviewRequestItem(context, staff, request.id, second.id, {
        status: 'rejected',
        reason: 'Only part of the month is there; please upload the whole month.',
      });
    }
  }
}
