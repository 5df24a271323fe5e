import { useState } from 'react';
import { readApiError } from '../../lib/api-error';

/** A file download (by name, so a screen with several shows which one runs) that says why it failed. */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (name: string, download: () => Promise<void>) => {
    setBusy(name);
    setFailure(null);
    await download()
      .catch((error: unknown) => setFailure(readApiError(error).message))
      .finally(() => setBusy(null));
  };
  return { busy, failure, run };
}
