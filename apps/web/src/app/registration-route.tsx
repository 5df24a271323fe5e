import { Navigate } from 'react-router';
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
      <RegistrationPage />
    </>
  );
}
