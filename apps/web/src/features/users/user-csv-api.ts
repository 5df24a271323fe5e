import type { ApiSuccess } from '@portal/contract/envelope';
import { type ImportCheck, type ImportResult, USER_CSV_PATHS } from '@portal/contract/user-csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { saveDownload } from '../../lib/save-download';
import { type OnTransfer, readTransfer } from '../../lib/transfer-progress';
import type { UserListState } from './user-list-params';

/** Saves the list as CSV with the filters and order it shows (every page, not just this one). */
export function downloadUserList(roleId: number, state: UserListState, onTransfer?: OnTransfer): Promise<void> {
  const params = {
    ...(state.search ? { search: state.search } : {}),
    ...(state.serviceId ? { service_id: state.serviceId } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(state.order ? { order: state.order } : {}),
  };
  return saveDownload(USER_CSV_PATHS.export(roleId), params, 'users.csv', onTransfer);
}

export function downloadImportTemplate(): Promise<void> {
  return saveDownload(USER_CSV_PATHS.template, {}, 'clients-template.csv');
}

/** The file goes as it is, as text/csv (docs/csv-import.md); `onTransfer` hears the bytes as they leave. */
const sendFile = <T>(path: string, file: File, onTransfer: OnTransfer) =>
  apiClient.post<ApiSuccess<T>>(path, file, {
    headers: { 'Content-Type': 'text/csv' },
    onUploadProgress: (event) => onTransfer(readTransfer(event)),
  });

/** The dry run: every row's errors, nothing written. */
export function useImportCheck(onTransfer: OnTransfer) {
  return useMutation({
    mutationFn: async (file: File) => (await sendFile<ImportCheck>(USER_CSV_PATHS.check, file, onTransfer)).data,
  });
}

/** The import: every row or none; the lists show the new clients after. */
export function useImportClients(onTransfer: OnTransfer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await sendFile<ImportResult>(USER_CSV_PATHS.import, file, onTransfer)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
