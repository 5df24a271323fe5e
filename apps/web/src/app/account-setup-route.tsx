import { Navigate, useNavigate } from 'react-router';
import { AccountSetupPage } from '../features/account/account-setup-page';
import { PrivacyNoticePage } from '../features/privacy/privacy-notice-page';
import { dashboardPathOf, pendingAccountStep, useSession } from '../lib/session';
import { TopBar } from './top-bar';

/**
 * /account-setup, with the top bar (and its Logout) of the signed-in user it is for: a password or a
 * second factor first (account), then the firm's privacy notice to accept (privacy).
 */
export function AccountSetupRoute() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return <Navigate to="/login" replace />;
  const step = pendingAccountStep(session.user);
  return (
    <>
      <TopBar session={session} />
      {step === 'privacy' ? (
        <PrivacyNoticePage
          mayWithdraw={session.role === 'client'}
          onDone={() =>
            navigate(session.user.status === 'active' ? dashboardPathOf(session.role) : '/registration', {
              replace: true,
            })
          }
        />
      ) : (
        <AccountSetupPage session={session} />
      )}
    </>
  );
}
