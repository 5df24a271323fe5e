/*
 * Names inside a folder's ZIP: the names people gave, made safe to extract anywhere (no path tricks,
 * nothing Windows refuses) and unique within each directory, case-insensitively, the way Windows and
 * macOS compare names: "Report.pdf", "Report (2).pdf".
 */
const MAX_NAME_CHARACTERS = 120;
// Control characters, the path separators and what Windows does not allow in a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*]/g;
const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  // A leading dot (".env") or a long tail is part of the name, not an extension.
  if (dot <= 0 || name.length - dot > 16) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/** The first `count` whole characters (never half a surrogate pair). */
const cut = (text: string, count: number) => Array.from(text).slice(0, Math.max(1, count)).join('');
const lengthOf = (text: string) => Array.from(text).length;

/** Cut to the cap, keeping the extension. */
function capLength(name: string): string {
  if (lengthOf(name) <= MAX_NAME_CHARACTERS) return name;
  const { stem, extension } = splitExtension(name);
  return `${cut(stem, MAX_NAME_CHARACTERS - lengthOf(extension))}${extension}`;
}

/** One safe path component from a name people gave. */
export function makeSafeEntryName(given: string, fallback: string): string {
  let name = given.normalize('NFC').replace(UNSAFE_CHARACTERS, '_').trim();
  // Windows drops trailing dots and spaces; "." and ".." are never names.
  name = name.replace(/[. ]+$/, '');
  if (name === '' || /^\.+$/.test(name)) name = fallback;
  if (WINDOWS_DEVICE_NAMES.test(name)) name = `_${name}`;
  return capLength(name);
}

/** The names taken in one directory of the archive; `claim` answers a name not yet taken there. */
export function createDirectoryNames() {
  const taken = new Set<string>();
  const keyOf = (name: string) => name.toLowerCase();
  return {
    claim(safeName: string): string {
      let name = safeName;
      const { stem, extension } = splitExtension(safeName);
      for (let copy = 2; taken.has(keyOf(name)); copy += 1) {
        const suffix = ` (${copy})`;
        name = `${cut(stem, MAX_NAME_CHARACTERS - suffix.length - lengthOf(extension))}${suffix}${extension}`;
      }
      taken.add(keyOf(name));
      return name;
    },
  };
}
