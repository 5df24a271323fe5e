import { useState } from 'react';
import { readApiError } from '../lib/api-error';
import type { OnTransfer, Transfer } from '../lib/transfer-progress';

/**
 * A file download (by name, so a screen with several shows which one runs) that shows the bytes as they
 * arrive and says why it failed.
 */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const run = async (name: string, download: (onTransfer: OnTransfer) => Promise<void>) => {
    setBusy(name);
    setFailure(null);
    setTransfer(null);
    await download(setTransfer)
      .catch((error: unknown) => setFailure(readApiError(error).message))
      .finally(() => {
        setBusy(null);
        setTransfer(null);
      });
  };
  return { busy, failure, transfer, run, clearFailure: () => setFailure(null) };
}

export type Download = ReturnType<typeof useDownload>;
