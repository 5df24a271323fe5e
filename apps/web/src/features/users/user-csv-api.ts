import type { ApiSuccess } from '@portal/contract/envelope';
import { type ImportCheck, type ImportResult, USER_CSV_PATHS } from '@portal/contract/user-csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { saveDownload } from '../../lib/save-download';
import type { UserListState } from './user-list-params';

/** Saves the list as CSV with the filters and order it shows (every page, not just this one). */
export function downloadUserList(roleId: number, state: UserListState): Promise<void> {
  const params = {
    ...(state.search ? { search: state.search } : {}),
    ...(state.serviceId ? { service_id: state.serviceId } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(state.order ? { order: state.order } : {}),
  };
  return saveDownload(USER_CSV_PATHS.export(roleId), params, 'users.csv');
}

export function downloadImportTemplate(): Promise<void> {
  return saveDownload(USER_CSV_PATHS.template, {}, 'clients-template.csv');
}

/** The file goes as it is, as text/csv (docs/csv-import.md). */
const sendFile = <T>(path: string, file: File) =>
  apiClient.post<ApiSuccess<T>>(path, file, { headers: { 'Content-Type': 'text/csv' } });

/** The dry run: every row's errors, nothing written. */
export function useImportCheck() {
  return useMutation({
    mutationFn: async (file: File) => (await sendFile<ImportCheck>(USER_CSV_PATHS.check, file)).data,
  });
}

/** The import: every row or none; the lists show the new clients after. */
export function useImportClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await sendFile<ImportResult>(USER_CSV_PATHS.import, file)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
