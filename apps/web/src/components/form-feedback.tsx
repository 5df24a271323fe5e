import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError } from '../lib/api-error';
import { reportFormFailure } from '../lib/form-failure';
import { MessageAlert } from './message-alert';

type FormFeedback = {
  /**
   * Runs a save: on success shows its message; on failure puts each field error under its field and
   * lists the server's messages in the red alert. Answers whether it saved.
   */
  save: (call: () => Promise<{ message: string }>) => Promise<boolean>;
  /** Any other failed call of the screen (a removal), shown in the same alert with its reason. */
  fail: (error: unknown) => void;
  /** The two alerts, for above the form. */
  alerts: ReactNode;
};

/** The one way a form reports a save: every screen's failures read the same and none is silent. */
export function useFormFeedback<T extends FieldValues>(setError: UseFormSetError<T>): FormFeedback {
  const [failure, setFailure] = useState<string[] | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const save: FormFeedback['save'] = async (call) => {
    setFailure(null);
    setSuccess(null);
    try {
      setSuccess((await call()).message);
      return true;
    } catch (error) {
      setFailure(reportFormFailure(error, (field, message) => setError(field as Path<T>, { message })));
      return false;
    }
  };
  const fail = (error: unknown) => {
    setSuccess(null);
    setFailure([readApiError(error).message]);
  };
  const alerts = (
    <>
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <MessageAlert variant="success" messages={success} onClose={() => setSuccess(null)} />
    </>
  );
  return { save, fail, alerts };
}
