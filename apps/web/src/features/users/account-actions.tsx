import type { UserDetail } from '@portal/contract/users';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../../components/confirm-modal';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useResetTwoFactor, useSendResetLink } from './users-api';

type Question = 'reset' | 'two-factor' | null;

/**
 * On a user's detail page, for whoever is in charge of the account (the server's permissions decide):
 * mail a password reset link, or the invitation again, and remove a lost second factor. Nobody sees or
 * chooses the user's password.
 */
export function AccountActions({ user }: { user: UserDetail }) {
  const sendReset = useSendResetLink();
  const resetTwoFactor = useResetTwoFactor();
  const [question, setQuestion] = useState<Question>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canReset = user.permissions.send_reset;
  const canResetTwoFactor = user.permissions.reset_two_factor && user.two_factor_enabled;
  if (!canReset && !canResetTwoFactor) return null;
  const resetLabel = user.invitation_pending ? 'Send invitation again' : 'Send password reset link';
  const name = `${user.first_name} ${user.last_name}`.trim();

  const confirm = async () => {
    setError(null);
    try {
      const result =
        question === 'reset' ? await sendReset.mutateAsync(user.id) : await resetTwoFactor.mutateAsync(user.id);
      setNotice(result.message);
    } catch (failure) {
      setError(readApiError(failure).message);
    } finally {
      setQuestion(null);
    }
  };

  return (
    <div>
      <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <div className="d-flex flex-wrap gap-2">
        {canReset && (
          <Button variant="outline-primary" size="sm" onClick={() => setQuestion('reset')}>
            {resetLabel}
          </Button>
        )}
        {canResetTwoFactor && (
          <Button variant="outline-danger" size="sm" onClick={() => setQuestion('two-factor')}>
            Reset two-factor sign-in
          </Button>
        )}
      </div>
      <ConfirmModal
        show={question !== null}
        title={question === 'reset' ? resetLabel : 'Reset two-factor sign-in'}
        text={
          question === 'reset'
            ? user.invitation_pending
              ? `${name} will get the invitation again: an email with a link to choose a password. An earlier link stops working.`
              : `${name} will get an email with a link to choose a new password. The current password keeps working until then.`
            : `${name} will sign in with the password alone until they set up two-factor sign-in again. They will be told by email.`
        }
        confirmLabel={question === 'reset' ? 'Send' : 'Reset'}
        busy={sendReset.isPending || resetTwoFactor.isPending}
        onCancel={() => setQuestion(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
