import type { RoleName } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import { listServicesOfUsers } from '../client-services/client-services.service.js';
import { listDocumentsOfUser } from './user-documents.repository.js';
import type { UserRow } from './users.repository.js';

/** What a self-registered MPC already has when it completes its profile: not asked again. */
export type CompletionState = { storedFields: ReadonlySet<string>; storedDocuments: ReadonlySet<string> };

const PROFILE_COLUMNS = ['pincode', 'city', 'state', 'practice_since', 'qualification'] as const;

/**
 * A self-registered MPC's first save (status `created`) is its completion step (issue 22): the profile
 * its short sign-up left out is required then. Null for any other edit. An older, long sign-up gave
 * some of it already: those stored values count.
 */
export async function readCompletionState(
  context: AppContext,
  target: UserRow,
  role: RoleName,
): Promise<CompletionState | undefined> {
  if (role !== 'mpc' || target.status !== 'created') return undefined;
  const [documents, services] = await Promise.all([
    listDocumentsOfUser(context.db, target.id),
    listServicesOfUsers(context.db, [target.id]),
  ]);
  const storedFields = new Set<string>(PROFILE_COLUMNS.filter((column) => target[column]));
  if (services.length > 0) storedFields.add('nature_of_service');
  return { storedFields, storedDocuments: new Set(documents.map((document) => document.document_type)) };
}
