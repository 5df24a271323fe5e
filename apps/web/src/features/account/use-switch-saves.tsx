import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { MessageAlert } from '../../components/message-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { readApiError } from '../../lib/api-error';

/**
 * Switches saved as they are turned (My Profile's notices): a switch moves at once and goes back to what
 * the server holds if the save fails; the outcome shows in the section's alerts.
 */
export function useSwitchSaves<Body>(save: UseMutationResult<{ message: string }, unknown, Body>) {
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);
  const [turning, setTurning] = useState<Partial<Record<string, boolean>>>({});
  const turn = (key: string, enabled: boolean, body: Body) => {
    setError(null);
    setTurning((shown) => ({ ...shown, [key]: enabled }));
    save.mutate(body, {
      onSuccess: (result) => setNotice(result.message),
      onError: (failure) => setError(readApiError(failure).message),
      onSettled: () =>
        setTurning((shown) => {
          const { [key]: _done, ...rest } = shown;
          return rest;
        }),
    });
  };
  const alerts = (
    <>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      {noticeAlert}
    </>
  );
  return { turning, turn, alerts };
}
