import type { ApiFailure, FieldErrors } from '@portal/contract/envelope';
import { isAxiosError } from 'axios';

type ReadableError = { status: number | null; message: string; errors: FieldErrors };

const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** What a screen shows for a failed call: the envelope's message and field errors, or a network note. */
export function readApiError(error: unknown): ReadableError {
  if (isAxiosError<ApiFailure>(error)) {
    const body = error.response?.data;
    if (body && typeof body === 'object' && body.status === 'error') {
      return { status: error.response?.status ?? null, message: body.message, errors: body.errors ?? {} };
    }
    return {
      status: error.response?.status ?? null,
      message: error.response ? error.message : NETWORK_MESSAGE,
      errors: {},
    };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error), errors: {} };
}
