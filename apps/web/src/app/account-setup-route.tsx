import { Navigate } from 'react-router';
import { AccountSetupPage } from '../features/account/account-setup-page';
import { useSession } from '../lib/session';
import { TopBar } from './top-bar';

/** /account-setup, with the top bar (and its Logout) of the signed-in user it is for. */
export function AccountSetupRoute() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <>
      <TopBar session={session} />
      <AccountSetupPage session={session} />
    </>
  );
}
