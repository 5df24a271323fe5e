import { isAxiosError } from 'axios';
import { apiClient } from './api-client';
import { type OnTransfer, readTransfer } from './transfer-progress';

/**
 * Fetches a file with the session (the bearer token, which a plain link cannot send) and has the browser
 * save it under the name the server gives. A refusal arrives as the JSON envelope inside a blob: it is
 * read back, so `readApiError` shows its message. `onTransfer` hears the bytes as they arrive (a long CSV
 * streams for a while, and a person should see it move).
 */
export async function saveDownload(
  path: string,
  params: object,
  fallbackName: string,
  onTransfer?: OnTransfer,
): Promise<void> {
  const request = {
    params,
    responseType: 'blob' as const,
    ...(onTransfer
      ? { onDownloadProgress: (event: Parameters<typeof readTransfer>[0]) => onTransfer(readTransfer(event)) }
      : {}),
  };
  const response = await apiClient.get<Blob>(path, request).catch(async (error: unknown) => {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      const text = await error.response.data.text();
      try {
        error.response.data = JSON.parse(text);
      } catch {
        error.response.data = null;
      }
    }
    throw error;
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn of the event loop.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
