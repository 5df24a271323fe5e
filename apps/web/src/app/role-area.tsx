import type { RoleName } from '@portal/contract/roles';
import Container from 'react-bootstrap/Container';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionRefresh } from '../features/auth/use-session-refresh';
import { ConsentWithdrawnBanner } from '../features/privacy/consent-withdrawn-banner';
import { PrivacyFooter } from '../features/privacy/privacy-footer';
import {
  ACCOUNT_SETUP_PATH,
  pendingAccountStep,
  returnsAfterSignIn,
  type Session,
  signedOutPath,
  useSession,
} from '../lib/session';
import { AreaTabs } from './area-tabs';
import { TopBar } from './top-bar';

type RoleAreaProps = { allowedRoles: RoleName[]; role: RoleName };

/**
 * The area's access guard plus its layout: no token or another role goes to
 * /login (to / right after a 401), a status other than active goes to /registration. The server enforces the same rules.
 */
export function RoleArea({ allowedRoles, role }: RoleAreaProps) {
  const session = useSession();
  const location = useLocation();
  // The page asked for rides along, so signing in lands there (when it belongs to the one signing in).
  if (!session) {
    const from = returnsAfterSignIn() ? `${location.pathname}${location.search}` : undefined;
    return <Navigate to={signedOutPath()} replace state={from ? { from } : undefined} />;
  }
  if (!allowedRoles.includes(session.role)) return <Navigate to="/login" replace />;
  // First what the account needs (a password of one's own, a required second factor), then registration.
  if (pendingAccountStep(session.user)) return <Navigate to={ACCOUNT_SETUP_PATH} replace />;
  // A firm that signed itself up may wait for the platform's approval there too (its profile only).
  if (session.user.status !== 'active' || session.user.approval_pending) return <Navigate to="/registration" replace />;
  return <RoleAreaLayout role={role} session={session} />;
}

function RoleAreaLayout({ role, session }: { role: RoleName; session: Session }) {
  useSessionRefresh(session.token);
  return (
    <>
      <TopBar session={session} />
      <Container fluid="lg" className="py-4">
        <AreaTabs role={role} />
        {/* A client that withdrew its consent reads, and is told how to give it again. */}
        {session.user.consent_withdrawn_at && (
          <ConsentWithdrawnBanner withdrawnAt={session.user.consent_withdrawn_at} />
        )}
        {/* The page's own content, as a landmark a screen reader can jump to past the bars. */}
        <main>
          <Outlet />
        </main>
      </Container>
      {/* Whom to ask about one's personal data (DPDP Act s.8(9)): the firm's contact, the portal's for staff. */}
      <PrivacyFooter role={role} />
    </>
  );
}
