import { Navigate } from 'react-router';
import { useSessionRefresh } from '../features/auth/use-session-refresh';
import { RegistrationPage } from '../features/users/registration-page';
import { ACCOUNT_SETUP_PATH, pendingAccountStep, useSession } from '../lib/session';
import { TopBar } from './top-bar';

/** /registration, with the top bar (and its Logout) for a signed-in user completing registration. */
export function RegistrationRoute() {
  const session = useSession();
  if (session && pendingAccountStep(session.user)) return <Navigate to={ACCOUNT_SETUP_PATH} replace />;
  return (
    <>
      {session && <TopBar session={session} />}
      {session?.user.approval_pending && <ApprovalCheck token={session.token} />}
      <RegistrationPage />
    </>
  );
}

/**
 * A firm waiting for approval: opening the page reads the account afresh (under its own key, apart from
 * the areas' read), so a firm approved meanwhile goes on to its dashboard.
 */
function ApprovalCheck({ token }: { token: string }) {
  useSessionRefresh(token, 'approval');
  return null;
}
