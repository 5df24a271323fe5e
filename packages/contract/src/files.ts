import { z } from 'zod';
import { clientRefFields, serviceRefFields } from './answer-field-groups.js';
import { FILE_NAME_MESSAGES, isSafeName } from './file-names.js';
import { buildPageLimit } from './paging.js';
import { MAX_ROW_ID, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

const FILE_MESSAGES_CURSOR = 'The page of files asked for is not valid.';

export const FILE_MESSAGES = {
  visibilityInvalid: 'Choose whether the client sees this: shared or firm only.',
  clientUploadStaysShared: 'A file the client uploaded stays shared with the client.',
  visibilityChanged: 'Visibility changed.',
  folderNameRequired: 'Please enter folder name',
  folderNameTooLong: 'Folder name may not be longer than 100 characters.',
  folderNameInvalid: 'Folder name may not contain /, \\, control characters or invisible formatting characters.',
  folderNameTaken: 'A folder with this name already exists here.',
  fileRequired: 'Please select file',
  canDeleteRequired: 'Please choose whether the client can delete this file.',
  notesTooLong: 'Notes may not be longer than 1000 characters.',
  fileNameTooLong: 'File name may not be longer than 255 characters.',
  badType: 'This file type is not allowed: use PDF, images, Office documents, CSV, text or ZIP files.',
  clientErased: "This client's personal data was erased: nothing new can be stored for it.",
  folderNotEmpty: 'This folder is not empty. Remove its files and folders first.',
  folderNotYours: 'Only staff or whoever created this folder can delete it.',
  fileTooLarge: (maxMb: number) => `This file is larger than the limit: max ${maxMb} MB per file.`,
  uploadLimit: (maxMb: number) => `Max ${maxMb} MB per file`,
  folderNotFound: 'Folder not found.',
  /** The same words whether the client does not exist or is not the caller's to open. */
  clientServiceNotFound: 'Client or service not found.',
  serviceNotFound: 'This client does not have that service.',
  fileNotFound: 'File not found.',
  notYours: 'You may delete only files you uploaded or that are marked "Can Client Delete? Yes".',
  folderCreated: 'Folder created successfully.',
  fileUploaded: 'File uploaded successfully.',
  fileRemoved: 'File deleted successfully.',
  folderRemoved: 'Folder deleted successfully.',
  listed: 'Folders fetched successfully.',
  cursorInvalid: FILE_MESSAGES_CURSOR,
  versionsListed: 'Versions fetched successfully.',
  versionNotFound: 'This version of the file was not found.',
  versionRestored: 'Version restored. The content it replaced is kept as a version.',
} as const;

/** How many versions a file keeps, the current one included, unless its firm chooses (1 to 50). */
export const DEFAULT_FILE_VERSIONS_KEPT = 10;
export const MAX_FILE_VERSIONS_KEPT = 50;

/**
 * Files come a page at a time, newest first: only a page's download links are signed, and a folder of
 * ten thousand files answers as fast as one of ten. Folders are listed whole beside every page.
 */
const FILE_PAGE_SIZE = 50;
const MAX_FILE_PAGE_SIZE = 200;

/** `?before=<file id>&limit=`: the files older than the last one shown (the answer's `files_next`). */
export const fileListQuerySchema = z.object({
  before: z.coerce
    .number({ error: FILE_MESSAGES_CURSOR })
    .int(FILE_MESSAGES_CURSOR)
    .positive(FILE_MESSAGES_CURSOR)
    .max(MAX_ROW_ID, FILE_MESSAGES_CURSOR)
    .optional(),
  limit: buildPageLimit(FILE_MESSAGES_CURSOR, FILE_PAGE_SIZE, MAX_FILE_PAGE_SIZE),
});
export type FileListQuery = z.output<typeof fileListQuerySchema>;

const M = FILE_MESSAGES;
/** The client service a new folder or file goes to. */
const clientServiceIds = {
  client_id: rowIdSchema(SHARED_MESSAGES.clientInvalid),
  service_id: rowIdSchema(SHARED_MESSAGES.serviceInvalid),
};

/**
 * Who sees a file or folder: `shared` with the client (every file until issue 24), or `firm` only. A
 * client sees an item only when it and every folder above it are shared (docs/decisions/0039).
 */
export const FILE_VISIBILITIES = ['shared', 'firm'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];
export const fileVisibilitySchema = z.enum(FILE_VISIBILITIES, { error: M.visibilityInvalid });

/** `PUT /api/file/visibility/:id` and `PUT /api/folder/visibility/:id`. */
export const visibilityChangeSchema = z.strictObject({ visibility: fileVisibilitySchema });
/** The parent folder: empty (or absent) means the service's top level. */
const parentId = z.preprocess(
  (value) => (value === '' || value === null || value === 'null' ? undefined : value),
  rowIdSchema(M.folderNotFound).optional(),
);

/**
 * Folder names (docs/api-conventions.md, Files): 1-100 characters, no `/`, `\`, control or invisible format
 * characters (a right-to-left override makes a name read backwards); `.` and `..` are no names.
 */
export const folderNameSchema = z
  .string({ error: M.folderNameRequired })
  .trim()
  .min(1, { error: M.folderNameRequired, abort: true })
  .max(100, { error: M.folderNameTooLong, abort: true })
  .refine(isSafeName, M.folderNameInvalid);

export const folderCreateSchema = z.strictObject({
  folder_name: folderNameSchema,
  ...clientServiceIds,
  folder_id: parentId,
  /** Staff choose; absent: shared. A client's folders are always shared. */
  visibility: fileVisibilitySchema.optional(),
  /** The breadcrumb as JSON text, for display only: never trusted (docs/api-conventions.md). */
  path: z.string().max(10_000).optional(),
});
export type FolderCreateInput = z.input<typeof folderCreateSchema>;

/**
 * The text fields of `POST /api/folder/uploadFile`. The file is the `file` part, or, as the spec sends
 * it, a `file_name` part; a text `file_name` beside a `file` part names the stored file.
 */
export const fileUploadFieldsSchema = z.strictObject({
  file_name: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(255, M.fileNameTooLong).refine(isSafeName, FILE_NAME_MESSAGES.invisible).optional(),
  ),
  notes: z.string().trim().max(1000, M.notesTooLong).optional(),
  /** Staff must choose; a client is not asked (it may always delete its own uploads). */
  is_deleted: z.enum(['0', '1'], { error: M.canDeleteRequired }).optional(),
  ...clientServiceIds,
  /** Empty or absent: the file goes to the service's top level. */
  folder_id: parentId,
  /** Staff choose; absent: shared. What a client uploads is always shared. */
  visibility: z.preprocess((value) => (value === '' ? undefined : value), fileVisibilitySchema.optional()),
  path: z.string().max(10_000).optional(),
});

export const clientServiceParamsSchema = z.object({
  client_id: rowIdSchema(M.clientServiceNotFound),
  service_id: rowIdSchema(M.clientServiceNotFound),
});
export const folderParamsSchema = clientServiceParamsSchema.extend({ folder_id: rowIdSchema(M.folderNotFound) });
/** `/file/:id/versions/:version_id/...`: a version of one file. */
export const fileVersionParamsSchema = z.object({
  id: rowIdSchema(M.fileNotFound),
  version_id: rowIdSchema(M.versionNotFound),
});

/**
 * What the caller may do with a file or folder, decided by the server's access table
 * (docs/authorization.md); the browser shows an action only when its flag is set.
 */
export const entryPermissionsSchema = z.object({
  delete: z.boolean(),
  /** Whether the caller may mark it firm-only or share it again (never a file the client uploaded). */
  visibility: z.boolean(),
});
export type EntryPermissions = z.infer<typeof entryPermissionsSchema>;

/** What the caller may do at one level of a client service: upload files and add folders there. */
export const levelPermissionsSchema = z.object({
  upload: z.boolean(),
  /** Whether the caller chooses who sees what it adds here (staff: shared or firm-only). */
  visibility: z.boolean(),
});
export type LevelPermissions = z.infer<typeof levelPermissionsSchema>;

/**
 * A signed link the browser can follow to download without the bearer header, and when it stops working
 * (ISO time; the browser fetches a fresh one before then).
 */
const signedDownloadFields = { download_url: z.string(), download_url_expires_at: z.string() };

export const folderEntrySchema = z.object({
  folder_id: z.number(),
  folder_name: z.string(),
  /** Name of who created it. */
  user: z.string(),
  user_id: z.number().nullable(),
  service_id: z.number(),
  created_at: z.string(),
  /** How many folders and files it holds (of those the caller sees). */
  children: z.number(),
  files: z.number(),
  visibility: fileVisibilitySchema,
  permissions: entryPermissionsSchema,
  /** Why a folder the caller may delete cannot go now (it is not empty); null when it can. */
  cannot_delete_reason: z.string().nullable(),
});
export type FolderEntry = z.infer<typeof folderEntrySchema>;

export const fileEntrySchema = z.object({
  file_id: z.number(),
  file_name: z.string(),
  service_id: z.number(),
  /** Null: at the service's top level. */
  folder_id: z.number().nullable(),
  /** Name of who uploaded it. */
  user: z.string(),
  created_at: z.string(),
  size: z.number(),
  mime_type: z.string(),
  notes: z.string().nullable(),
  is_deleted: z.union([z.literal(0), z.literal(1)]),
  visibility: fileVisibilitySchema,
  permissions: entryPermissionsSchema,
  previewable: z.boolean(),
  ...signedDownloadFields,
  /** How many versions the file keeps, the current one included (1: no earlier version). */
  version_count: z.number(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** One content of a file: the current one (`version_id` null) or an earlier one, newest first. */
export const fileVersionEntrySchema = z.object({
  version_id: z.number().nullable(),
  current: z.boolean(),
  file_name: z.string(),
  size: z.number(),
  mime_type: z.string(),
  /** Name of who uploaded this content, and when. */
  user: z.string(),
  created_at: z.string(),
  /** A signed link to download this content. */
  ...signedDownloadFields,
});
export type FileVersionEntry = z.infer<typeof fileVersionEntrySchema>;

/** `GET /api/file/:id/versions`: the file's versions, newest first, and whether the caller may restore one. */
export const fileVersionsSchema = z.object({
  file_id: z.number(),
  file_name: z.string(),
  versions: z.array(fileVersionEntrySchema),
  permissions: z.object({ restore: z.boolean() }),
});
export type FileVersions = z.infer<typeof fileVersionsSchema>;

/** A service's top level: its folders and the files kept beside them. */
export const serviceContentsSchema = z.object({
  folders: z.array(folderEntrySchema),
  /** One page of files, newest first. */
  files: z.array(fileEntrySchema),
  /** The `before` of the next page of files, or null when this page is the last. */
  files_next: z.number().nullable(),
  permissions: levelPermissionsSchema,
  /** Signed link the browser follows to download this level with everything under it as one ZIP. */
  zip_url: z.string(),
  /** When that link stops working (ISO time). */
  zip_url_expires_at: z.string(),
});
export type ServiceContents = z.infer<typeof serviceContentsSchema>;

/** A folder: what a top level holds, and where the folder stands. */
export const folderContentsSchema = serviceContentsSchema.extend({
  folder: folderEntrySchema,
  /** From the service's top level down to this folder. */
  path: z.array(z.object({ folder_id: z.number(), folder_name: z.string() })),
  /** Whether this folder or one above it is firm-only: nothing here reaches the client, whatever its own mark. */
  firm_only_here: z.boolean(),
});
export type FolderContents = z.infer<typeof folderContentsSchema>;

export const FILE_PATHS = {
  folders: (clientId: number | string, serviceId: number | string) => `/folders/${clientId}/${serviceId}`,
  /** The service's top level with its files (`/folders/...` answers the folders alone, as the spec says). */
  serviceContents: (clientId: number | string, serviceId: number | string) => `/serviceFiles/${clientId}/${serviceId}`,
  folder: (clientId: number | string, serviceId: number | string, folderId: number | string) =>
    `/fileFolder/${clientId}/${serviceId}/${folderId}`,
  createFolder: '/folder/create',
  upload: '/folder/uploadFile',
  download: (fileId: number | string) => `/file/download/${fileId}`,
  removeFile: (fileId: number | string) => `/file/remove/${fileId}`,
  versions: (fileId: number | string) => `/file/${fileId}/versions`,
  versionDownload: (fileId: number | string, versionId: number | string) =>
    `/file/${fileId}/versions/${versionId}/download`,
  restoreVersion: (fileId: number | string, versionId: number | string) =>
    `/file/${fileId}/versions/${versionId}/restore`,
  removeFolder: (folderId: number | string) => `/folder/remove/${folderId}`,
  /** A service's top level with everything under it, as one ZIP. */
  serviceZip: (clientId: number | string, serviceId: number | string) => `/folder/zip/${clientId}/${serviceId}`,
  /** A folder with its subfolders, as one ZIP. */
  folderZip: (clientId: number | string, serviceId: number | string, folderId: number | string) =>
    `/folder/zip/${clientId}/${serviceId}/${folderId}`,
  fileVisibility: (fileId: number | string) => `/file/visibility/${fileId}`,
  folderVisibility: (folderId: number | string) => `/folder/visibility/${folderId}`,
  recent: '/file/recent',
  shared: '/file/shared',
} as const;

/** A client service another firm handed to this MPC by username (docs/authorization.md). */
export const sharedServiceSchema = z.object({
  ...clientRefFields,
  ...serviceRefFields,
});
export type SharedService = z.infer<typeof sharedServiceSchema>;

/** What a client may upload (docs/api-conventions.md), by the type read from its bytes. */
export const UPLOAD_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/x-cfb',
  'text/plain',
  'text/csv',
] as const;

export function isPreviewable(mimeType: string): boolean {
  return mimeType === 'application/pdf' || (mimeType.startsWith('image/') && mimeType !== 'image/tiff');
}
