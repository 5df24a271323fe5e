import { AUDIT_PATHS, type AuditFilterInput, type AuditPage } from '@portal/contract/audit';
import type { ApiSuccess } from '@portal/contract/envelope';
import type { RoleName } from '@portal/contract/roles';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { userOptionsQuery } from '../../lib/queries/user-options';
import { saveDownload } from '../../lib/save-download';
import type { OnTransfer } from '../../lib/transfer-progress';

/** Only the filters that are set go in the address of the call. */
const paramsOf = (filters: AuditFilterInput) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));

/** One page of activity by its number, with the count of all the filters show. */
export function useActivityPage(filters: AuditFilterInput, page: number, limit: number) {
  return useQuery({
    queryKey: ['activity', filters, page, limit],
    queryFn: async () =>
      (
        await apiClient.get<ApiSuccess<AuditPage>>(AUDIT_PATHS.list, {
          params: { ...paramsOf(filters), page, limit },
        })
      ).data.data,
    placeholderData: keepPreviousData,
  });
}

/** The people of the caller's scope for the Person and Client filters (at most 1,000 of each role). */
export function usePeopleOptions(roles: RoleName[]) {
  return useQueries({
    queries: roles.map((role) => userOptionsQuery(role)),
    // One list per role, once every role's has arrived (each role's read is shared with other screens).
    combine: (results) => ({
      data: results.every((result) => result.data)
        ? results.map((result, index) => ({ role: roles[index] as RoleName, people: result.data ?? [] }))
        : undefined,
    }),
  });
}

/** Saves the CSV of every event the filters show, under the name the server gives it. */
export function downloadActivityCsv(filters: AuditFilterInput, onTransfer?: OnTransfer): Promise<void> {
  return saveDownload(AUDIT_PATHS.export, paramsOf(filters), 'activity.csv', onTransfer);
}
