import { readApiError } from './api-error';

/**
 * A failed save lists the server's messages in a red alert above the form, and each
 * field error also goes under its field. Answers the alert's lines.
 */
export function reportFormFailure(error: unknown, setFieldError: (field: string, message: string) => void): string[] {
  const { message, errors } = readApiError(error);
  for (const [field, list] of Object.entries(errors)) setFieldError(field, list.join(' '));
  const messages = Object.values(errors).flat();
  return messages.length > 0 ? messages : [message];
}
