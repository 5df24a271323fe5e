import type { MailKind, MailPreference } from '@portal/contract/notifications';
import { useCallback, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MessageAlert } from '../../components/message-alert';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useSaveMailPreferences } from './account-api';

/**
 * My Profile's email notifications: a switch per mail the user's role receives, saved as it is turned.
 * Security notices (password, second factor, sign-in links) are always sent and have no switch.
 */
export function MailPreferencesSection({ preferences }: { preferences: MailPreference[] }) {
  const save = useSaveMailPreferences();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A switch moves as it is turned, and goes back to what the server holds if the save fails.
  const [turning, setTurning] = useState<Partial<Record<MailKind, boolean>>>({});
  const closeNotice = useCallback(() => setNotice(null), []);
  const turn = (kind: MailKind, enabled: boolean) => {
    setError(null);
    setTurning((shown) => ({ ...shown, [kind]: enabled }));
    save.mutate(
      { [kind]: enabled },
      {
        onSuccess: (result) => setNotice(result.message),
        onError: (failure) => setError(readApiError(failure).message),
        onSettled: () =>
          setTurning((shown) => {
            const { [kind]: _done, ...rest } = shown;
            return rest;
          }),
      },
    );
  };
  return (
    <div>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <MessageAlert variant="success" messages={notice} onClose={closeNotice} autoCloseMs={NOTICE_AUTO_CLOSE_MS} />
      {preferences.map((preference) => (
        <Form.Check
          key={preference.kind}
          type="switch"
          role="switch"
          id={`mail-${preference.kind}`}
          className="mb-3"
          checked={turning[preference.kind] ?? preference.enabled}
          disabled={save.isPending}
          onChange={(event) => turn(preference.kind, event.currentTarget.checked)}
          label={
            <>
              <span className="d-block">{preference.label}</span>
              <small className="text-muted">{preference.description}</small>
            </>
          }
        />
      ))}
      <p className="small text-muted mb-0">
        Notices about your password, two-factor sign-in and sessions are always sent.
      </p>
    </div>
  );
}
