import type { LoginResult } from '@portal/contract/auth';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { returnPathFor, SignInPage } from '../features/auth/sign-in-page';
import { ACCOUNT_SETUP_PATH, dashboardPathOf, pendingAccountStep, signedOutNotice, useSession } from '../lib/session';

/** `/` and `/login` once the portal is loaded (after a logout, a 401, or a visit that began elsewhere). */
export function SignInRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // A signed-in visitor has nothing to do here: what its account still needs first, or its area.
  if (session && pendingAccountStep(session.user)) return <Navigate to={ACCOUNT_SETUP_PATH} replace />;
  if (session && session.user.status === 'active')
    return <Navigate to={returnPathFor(location.state, session.role) ?? dashboardPathOf(session.role)} replace />;
  const leave = (result: LoginResult) => {
    if (pendingAccountStep(result.user)) return navigate(ACCOUNT_SETUP_PATH, { replace: true });
    const role = result.user.user_role.name;
    return navigate(returnPathFor(location.state, role) ?? dashboardPathOf(role), { replace: true });
  };
  return (
    <SignInPage
      notice={signedOutNotice()}
      onSignedIn={leave}
      renderLink={(path, label) => <Link to={path}>{label}</Link>}
    />
  );
}
