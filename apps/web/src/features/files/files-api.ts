import type { ApiSuccess } from '@portal/contract/envelope';
import {
  FILE_PATHS,
  type FileEntry,
  type FileVersions,
  type FileVisibility,
  type FolderContents,
  type FolderCreateInput,
  type FolderEntry,
  type LevelPermissions,
  type ServiceContents,
} from '@portal/contract/files';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { refreshBeforeLinksExpire } from '../../lib/download-links';
import { clientServicesQuery } from '../../lib/queries/client-services';
import { FILES_QUERY_KEY } from '../../lib/queries/files';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const filesKey = (clientId: number) => [...FILES_QUERY_KEY, clientId] as const;

export function useServicesOfClient(clientId: number) {
  return useQuery(clientServicesQuery(clientId));
}

/** One level of a service as the browser shows it: every page of files fetched so far, in one list. */
type LevelContents = {
  folders: FolderEntry[];
  files: FileEntry[];
  /** Inside a folder: the folder and the breadcrumb from the service's top level. */
  folder?: FolderEntry;
  path?: FolderContents['path'];
  /** Inside a folder: whether it or one above it is firm-only (nothing here reaches the client). */
  firmOnlyHere?: boolean;
  /** What the caller may do here, as the server decides (Add Folder, Add File). */
  permissions: LevelPermissions;
  /** The signed link to download this level with everything under it as one ZIP, and its end. */
  zip?: { url: string; expiresAt: string };
};

type LevelPage = ServiceContents | FolderContents;

/**
 * A level's contents, files a page at a time (the server signs only a page's links): the first page
 * brings the folders, "Load more files" asks for the files older than the last one shown. Refetching
 * (links about to expire, a change) reads every page fetched so far again.
 */
function useLevelContents(clientId: number, serviceId: number, folderId: number | null, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...filesKey(clientId), serviceId, folderId ?? 'top'],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const path =
        folderId === null
          ? FILE_PATHS.serviceContents(clientId, serviceId)
          : FILE_PATHS.folder(clientId, serviceId, folderId);
      const params = pageParam === undefined ? {} : { before: pageParam };
      return (await apiClient.get<ApiSuccess<LevelPage>>(path, { params })).data.data;
    },
    getNextPageParam: (page) => page.files_next ?? undefined,
    select: (data): LevelContents => {
      const [first] = data.pages;
      return {
        folders: first?.folders ?? [],
        files: data.pages.flatMap((page) => page.files),
        permissions: first?.permissions ?? { upload: false, visibility: false },
        ...(first ? { zip: { url: first.zip_url, expiresAt: first.zip_url_expires_at } } : {}),
        ...(first && 'folder' in first
          ? { folder: first.folder, path: first.path, firmOnlyHere: first.firm_only_here }
          : {}),
      };
    },
    refetchInterval: (query) => refreshBeforeLinksExpire(query.state.data?.pages.flatMap((page) => page.files)),
  });
}

/** A service's top level: folders and the files kept beside them. */
export function useServiceContents(clientId: number, serviceId: number, enabled = true) {
  return useLevelContents(clientId, serviceId, null, enabled);
}

export function useFolderContents(clientId: number, serviceId: number, folderId: number, enabled = true) {
  return useLevelContents(clientId, serviceId, folderId, enabled);
}

export function useCreateFolder(clientId: number) {
  return useRefreshingMutation(
    async (input: FolderCreateInput) =>
      (await apiClient.post<ApiSuccess<FolderEntry>>(FILE_PATHS.createFolder, input)).data,
    filesKey(clientId),
  );
}

/** Where an upload or a new folder goes: a folder, or (null) the service's top level. */
export type FilesTarget = { clientId: number; serviceId: number; folderId: number | null };

type UploadRequest = {
  file: File;
  notes: string;
  /** Asked of whoever uploads into another's files; not of a client in its own (undefined). */
  clientCanDelete: boolean | undefined;
  /** Chosen by staff; not sent for a client (undefined), whose uploads are shared. */
  visibility: FileVisibility | undefined;
  target: FilesTarget;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
};

/** One file, one request, with progress and a way to cancel (spec: POST /folder/uploadFile). */
export async function uploadOneFile(request: UploadRequest): Promise<FileEntry> {
  const body = new FormData();
  body.set('file_name', request.file.name);
  body.set('notes', request.notes);
  if (request.clientCanDelete !== undefined) body.set('is_deleted', request.clientCanDelete ? '1' : '0');
  if (request.visibility !== undefined) body.set('visibility', request.visibility);
  body.set('client_id', String(request.target.clientId));
  body.set('service_id', String(request.target.serviceId));
  body.set('folder_id', request.target.folderId === null ? '' : String(request.target.folderId));
  body.set('file', request.file, request.file.name);
  const response = await apiClient.post<ApiSuccess<FileEntry>>(FILE_PATHS.upload, body, {
    headers: { 'Content-Type': 'multipart/form-data' },
    signal: request.signal,
    onUploadProgress: (event) => request.onProgress(event.total ? event.loaded / event.total : 0),
  });
  return response.data.data;
}

export function useRefreshFiles(clientId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: filesKey(clientId) });
}

export function useRemoveEntry(clientId: number) {
  return useRefreshingMutation(
    async (entry: { kind: 'file' | 'folder'; id: number }) =>
      (
        await apiClient.delete<ApiSuccess<null>>(
          entry.kind === 'file' ? FILE_PATHS.removeFile(entry.id) : FILE_PATHS.removeFolder(entry.id),
        )
      ).data,
    filesKey(clientId),
  );
}

/** Marks a file or folder firm-only, or shares it with the client again. */
export function useChangeVisibility(clientId: number) {
  return useRefreshingMutation(
    async (entry: { kind: 'file' | 'folder'; id: number; visibility: FileVisibility }) =>
      (
        await apiClient.put<ApiSuccess<null>>(
          entry.kind === 'file' ? FILE_PATHS.fileVisibility(entry.id) : FILE_PATHS.folderVisibility(entry.id),
          { visibility: entry.visibility },
        )
      ).data,
    filesKey(clientId),
  );
}

const versionsKey = (clientId: number, fileId: number) => [...filesKey(clientId), 'versions', fileId] as const;

/** A file's versions, newest first (its Versions dialog); links refreshed before they expire. */
export function useFileVersions(clientId: number, fileId: number | null) {
  return useQuery({
    enabled: fileId !== null,
    queryKey: versionsKey(clientId, fileId ?? 0),
    queryFn: async () =>
      (await apiClient.get<ApiSuccess<FileVersions>>(FILE_PATHS.versions(fileId as number))).data.data,
    refetchInterval: (query) => refreshBeforeLinksExpire(query.state.data?.versions),
  });
}

/** Staff: an earlier version becomes the current one (the list and the dialog are read again). */
export function useRestoreVersion(clientId: number) {
  return useRefreshingMutation(
    async (ids: { fileId: number; versionId: number }) =>
      (await apiClient.post<ApiSuccess<FileVersions>>(FILE_PATHS.restoreVersion(ids.fileId, ids.versionId))).data,
    filesKey(clientId),
  );
}

/**
 * A previewable file's bytes as a local blob of the type the server recorded. The preview frame shows
 * this blob, never the server's response itself, which is served sandboxed (docs/security.md) and so
 * could not show a PDF.
 */
export async function fetchPreviewBlob(file: FileEntry): Promise<Blob> {
  try {
    const response = await apiClient.get<Blob>(`${file.download_url}&inline=1`, { baseURL: '/', responseType: 'blob' });
    return new Blob([response.data], { type: file.mime_type });
  } catch (error) {
    const body = (error as { response?: { data?: unknown } }).response?.data;
    if (body instanceof Blob) {
      const parsed = await body
        .text()
        .then((text) => JSON.parse(text) as { message?: string })
        .catch(() => null);
      if (parsed?.message) throw new Error(parsed.message);
    }
    throw error;
  }
}
