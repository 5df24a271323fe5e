import { type ReactNode, useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError } from '../lib/api-error';
import { reportFormFailure } from '../lib/form-failure';
import { MessageAlert } from './message-alert';

export type FeedbackOptions = {
  /**
   * Whether field errors are also listed in the red alert. A page form lists them ("shown in a red
   * alert above the form"); a dialog shows them only under their field ("for a service save, in
   * the modal under the field"), and its alert carries only what belongs to no field.
   */
  listFieldErrors?: boolean;
  /** Whether a save's message is shown in the green alert; a dialog hands it to the page that opened it. */
  showSuccess?: boolean;
  /** The green alert as a notice that closes itself (a setting saved in place, the form staying open). */
  successAutoCloseMs?: number;
  /** Takes a field error the form's own fields do not hold (a chosen file); answers whether it did. */
  routeFieldError?: (field: string, message: string) => boolean;
};

export type FormFeedback = {
  /**
   * Runs a save: on success shows its message and answers the result; on failure puts each field error
   * under its field, fills the red alert and answers null.
   */
  save: <R extends { message: string }>(call: () => Promise<R>) => Promise<R | null>;
  /** Any other failed call of the screen (a removal), shown in the same alert with its reason. */
  fail: (error: unknown) => void;
  /** A message of the form itself, e.g. a check that belongs to no field ("Nothing has changed."). */
  show: (message: string) => void;
  /** Clears both alerts (a dialog opening again, a new attempt). */
  clear: () => void;
  /** The alerts, for above the form. */
  alerts: ReactNode;
};

/** The one way a form reports a save: every screen's failures read the same and none is silent. */
export function useFormFeedback<T extends FieldValues>(
  setError: UseFormSetError<T>,
  { listFieldErrors = true, showSuccess = true, successAutoCloseMs, routeFieldError }: FeedbackOptions = {},
): FormFeedback {
  const [failure, setFailure] = useState<string[] | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const clear = useCallback(() => {
    setFailure(null);
    setSuccess(null);
  }, []);
  const closeSuccess = useCallback(() => setSuccess(null), []);
  const save: FormFeedback['save'] = async (call) => {
    clear();
    try {
      const result = await call();
      if (showSuccess) setSuccess(result.message);
      return result;
    } catch (error) {
      const lines = reportFormFailure(error, (field, message) => {
        if (!routeFieldError?.(field, message)) setError(field as Path<T>, { message });
      });
      const fieldCount = Object.keys(readApiError(error).errors).length;
      setFailure(listFieldErrors || fieldCount === 0 ? lines : null);
      return null;
    }
  };
  const fail = (error: unknown) => {
    setSuccess(null);
    setFailure([readApiError(error).message]);
  };
  const show = useCallback((message: string) => {
    setSuccess(null);
    setFailure([message]);
  }, []);
  const alerts = (
    <>
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <MessageAlert variant="success" messages={success} onClose={closeSuccess} autoCloseMs={successAutoCloseMs} />
    </>
  );
  return { save, fail, show, clear, alerts };
}
