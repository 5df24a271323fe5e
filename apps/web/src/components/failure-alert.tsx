import { readApiError } from '../lib/api-error';
import { MessageAlert } from './message-alert';

/** A read or change (a TanStack query or mutation) as it stands: nothing, or why it failed in an alert. */
export function FailureAlert({ of }: { of: { isError: boolean; error: unknown } }) {
  return <MessageAlert variant="danger" messages={of.isError ? readApiError(of.error).message : null} />;
}
