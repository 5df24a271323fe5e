/**
 * Names and types of stored files, shared by the folder and upload forms and the server
 * (docs/security.md, uploads): a file keeps a name whose extension agrees with its content.
 */

/** The extensions a stored file of each type may carry; the first is added to a name without one. */
export const EXTENSIONS_BY_TYPE: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/tiff': ['tif', 'tiff'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  // Word, Excel and PowerPoint before 2007 share one container format.
  'application/x-cfb': ['doc', 'xls', 'ppt'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
};

/** Office and OpenDocument files are zip archives; a large one may be recognised only as a zip. */
export const ZIP_BASED_EXTENSIONS = ['docx', 'xlsx', 'pptx', 'odt', 'ods'] as const;

/**
 * Names a browser or the operating system would open as a page or run as a program; refused whatever
 * the content, since a download keeps its name.
 */
export const UNSAFE_EXTENSIONS = new Set([
  'htm',
  'html',
  'xhtml',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
  'cjs',
  'jse',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'hta',
  'bat',
  'cmd',
  'com',
  'exe',
  'scr',
  'pif',
  'msi',
  'msp',
  'dll',
  'cpl',
  'jar',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'lnk',
  'reg',
  'url',
  'swf',
  'application',
  'appref-ms',
]);

export const FILE_NAME_MESSAGES = {
  invisible: 'Names may not contain /, \\, control characters or invisible formatting characters.',
  unsafe: (extension: string) => `Files ending in .${extension} are not allowed.`,
  mismatch: (extensions: readonly string[]) =>
    `The file name does not match its content: name it with .${extensions.join(' or .')} at the end.`,
  markup: 'This file contains web page or script code, which is not allowed.',
} as const;

/**
 * Control characters (C0, DEL, C1), format characters (bidi overrides and isolates, zero-width
 * characters, the byte order mark, soft hyphen), line and paragraph separators, surrogates and private
 * use: what can make a name read differently from what it is (`‮fdp.exe` shows as `exe.pdf`).
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}]/u;

function hasInvisibleCharacter(name: string): boolean {
  return INVISIBLE_CHARACTER.test(name);
}

/** A name fit to show and to save under: no folder separators, nothing invisible, not `.` or `..`. */
export function isSafeName(name: string): boolean {
  return !hasInvisibleCharacter(name) && !/[/\\]/.test(name) && name !== '.' && name !== '..';
}

/** The lower-case extension of a name, or null when it has none (`report`, `.profile`, `notes.`). */
export function extensionOf(name: string): string | null {
  const match = /\.([^.]+)$/.exec(name);
  return match && match.index > 0 ? (match[1] as string).toLowerCase() : null;
}
