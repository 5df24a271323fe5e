import type { ComponentProps } from 'react';
import type Button from 'react-bootstrap/Button';
import { describeTransfer, type OnTransfer } from '../lib/transfer-progress';
import { BusyButton } from './busy-button';
import type { Download } from './use-download';

type DownloadButtonProps = Omit<ComponentProps<typeof Button>, 'onClick'> & {
  download: Download;
  /** Which of the screen's downloads this is: only its own button shows the wait. */
  name: string;
  fetchFile: (onTransfer: OnTransfer) => Promise<void>;
  /** The list's total, when the screen knows it: a CSV of every row takes a while. */
  rows?: number;
};

/** What a running download has done so far, in words. */
export function describeDownload(received: number | undefined, rows: number | undefined): string {
  const what = rows === undefined ? 'the file' : `${rows.toLocaleString('en-IN')} ${rows === 1 ? 'row' : 'rows'}`;
  if (received === undefined) return `Preparing ${what}…`;
  return `Downloading ${what}: ${describeTransfer({ done: received })} received`;
}

/**
 * A button that fetches a file with the session and says, while it runs, how much has arrived; other
 * downloads of the screen wait for it.
 */
export function DownloadButton({
  download,
  name,
  fetchFile,
  rows,
  disabled,
  children,
  ...button
}: DownloadButtonProps) {
  const running = download.busy === name;
  // Empty while idle, so it takes no room; it stays in the page so a screen reader hears it fill.
  return (
    <span className="d-inline-flex flex-wrap align-items-center">
      <BusyButton
        {...button}
        busy={running}
        busyLabel="Downloading"
        disabled={disabled || download.busy !== null}
        onClick={() => void download.run(name, fetchFile)}
      >
        {children}
      </BusyButton>
      <span role="status" className={running ? 'small text-body-secondary ms-2' : undefined}>
        {running ? describeDownload(download.transfer?.done, rows) : ''}
      </span>
    </span>
  );
}
