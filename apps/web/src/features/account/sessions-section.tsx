import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { ACTIONS_COLUMN, DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { clearSession } from '../../lib/session';
import { postLogoutEverywhere, useEndSession, useSessions } from './account-api';

/** My Profile's active sessions: each with Sign out, and "Sign out everywhere" (this one too). */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await postLogoutEverywhere();
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(readApiError(failure).message);
      setBusy(false);
    }
  };

  if (sessions.isPending) return <Spinner animation="border" role="status" aria-label="Loading sessions" />;
  if (sessions.isError) return <FailureAlert of={sessions} />;
  return (
    <div>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <DataTable
        layout="rows"
        ariaLabel="Active sessions"
        columns={[
          {
            header: 'Browser',
            cell: (session) => (
              <>
                {session.browser}
                {session.current && <span className="badge text-bg-success ms-2">This session</span>}
              </>
            ),
            label: false,
          },
          { header: 'Address', cell: (session) => session.ip ?? '—' },
          { header: 'Started', cell: (session) => formatDateTime(session.created_at) },
          { header: 'Last used', cell: (session) => formatDateTime(session.last_used_at) },
          {
            ...ACTIONS_COLUMN,
            cell: (session) =>
              !session.current && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={end.isPending}
                  aria-label={`Sign out ${session.browser}, ${session.ip ?? 'unknown address'}`}
                  onClick={() =>
                    end.mutate(session.id, { onError: (failure) => setError(readApiError(failure).message) })
                  }
                >
                  Sign out
                </Button>
              ),
          },
        ]}
        rows={sessions.data}
        loading={false}
        loadingLabel="Loading sessions"
      />
      <Button variant="outline-danger" onClick={() => void signOutEverywhere()} disabled={busy}>
        Sign out everywhere
      </Button>
    </div>
  );
}
