/** Files handled so far by a backup or a restore, and their bytes. */
export type FileProgress = { count: number; bytes: number };

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * A console line at most every `everyMs` while files are copied or checked, so an operator watching a long
 * backup or restore sees it move: "Copied 1200 files (845.3 MB) so far" or, with the total known,
 * "Checked 1200 of 5000 files (845.3 MB of 3120.0 MB)". A call marked `last` always prints.
 */
export function createFileProgressLine(
  verb: string,
  print: (line: string) => void,
  everyMs = 2000,
): (done: FileProgress, options?: { total?: FileProgress; last?: boolean }) => void {
  let printedAt = Date.now();
  return (done, { total, last = false } = {}) => {
    const now = Date.now();
    if (!last && now - printedAt < everyMs) return;
    printedAt = now;
    print(
      total
        ? `${verb} ${done.count} of ${total.count} files (${megabytes(done.bytes)} of ${megabytes(total.bytes)})`
        : `${verb} ${done.count} files (${megabytes(done.bytes)})${last ? '' : ' so far'}`,
    );
  };
}
