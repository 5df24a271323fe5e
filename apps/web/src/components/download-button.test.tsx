import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OnTransfer } from '../lib/transfer-progress';
import { DownloadButton } from './download-button';
import { useDownload } from './use-download';

/** Two downloads on one screen, each fetched by a function the test finishes when it chooses. */
function TwoDownloads({ fetchFile }: { fetchFile: (onTransfer: OnTransfer) => Promise<void> }) {
  const download = useDownload();
  return (
    <>
      <p>{download.failure}</p>
      <DownloadButton download={download} name="csv" rows={1234} fetchFile={fetchFile}>
        Export CSV
      </DownloadButton>
      <DownloadButton download={download} name="pdf" fetchFile={fetchFile}>
        Download PDF
      </DownloadButton>
    </>
  );
}

function controlledFetch() {
  const control: { onTransfer?: OnTransfer; finish?: () => void; fail?: (error: Error) => void } = {};
  const fetchFile = (onTransfer: OnTransfer) =>
    new Promise<void>((resolve, reject) => {
      control.onTransfer = onTransfer;
      control.finish = resolve;
      control.fail = reject;
    });
  return { control, fetchFile };
}

describe('DownloadButton', () => {
  it('says how many rows it fetches and how much has arrived, holds the other downloads, and clears when done', async () => {
    const { control, fetchFile } = controlledFetch();
    render(<TwoDownloads fetchFile={fetchFile} />);
    const [csvStatus, pdfStatus] = screen
      .getAllByRole('status', { hidden: true })
      .filter((el) => !el.closest('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(csvStatus).toHaveTextContent('Preparing 1,234 rows…');
    expect(pdfStatus).toHaveTextContent('');
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeDisabled();
    act(() => control.onTransfer?.({ done: 245_760 }));
    expect(csvStatus).toHaveTextContent('Downloading 1,234 rows: 240 KB received');
    await act(async () => control.finish?.());
    expect(csvStatus).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('names the file when it does not know the rows, and a failure ends the wait', async () => {
    const { control, fetchFile } = controlledFetch();
    render(<TwoDownloads fetchFile={fetchFile} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByText('Preparing the file…')).toBeInTheDocument();
    await act(async () => control.fail?.(new Error('The invoice is gone.')));
    expect(screen.queryByText('Preparing the file…')).not.toBeInTheDocument();
    expect(screen.getByText('The invoice is gone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
