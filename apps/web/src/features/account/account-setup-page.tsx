import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Navigate, useNavigate } from 'react-router';
import { MessageAlert } from '../../components/message-alert';
import { useDocumentTitle } from '../../lib/document-title';
import { dashboardPathOf, pendingAccountStep, type Session } from '../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorSetupFlow } from './two-factor-setup';

/** Where a signed-in user lands while its account needs something first; then on to its area. */
function nextPathOf(session: Session): string {
  return session.user.status === 'active' ? dashboardPathOf(session.role) : '/registration';
}

/**
 * /account-setup: a password someone else typed is changed, then a second factor the role requires is
 * set up, before anything else (the server refuses everything else meanwhile).
 */
export function AccountSetupPage({ session }: { session: Session }) {
  const step = pendingAccountStep(session.user);
  useDocumentTitle(step === 'two-factor' ? 'Set up two-factor sign-in' : 'Choose your password');
  const navigate = useNavigate();
  // The privacy notice is the privacy feature's page (app/account-setup-route.tsx shows it instead).
  if (step !== 'password' && step !== 'two-factor') return <Navigate to={nextPathOf(session)} replace />;
  return (
    <Container className="py-4 account-setup">
      <main>
        <Card>
          <Card.Header className="bg-white">
            <h1 className="h5 mb-0">{step === 'password' ? 'Choose your password' : 'Set up two-factor sign-in'}</h1>
          </Card.Header>
          <Card.Body>
            <MessageAlert
              variant="info"
              messages={step === 'password' ? PASSWORD_MESSAGES.changeRequired : TWO_FACTOR_MESSAGES.setupRequired}
            />
            {step === 'password' ? (
              <ChangePasswordForm />
            ) : (
              <TwoFactorSetupFlow onDone={() => navigate(nextPathOf(session), { replace: true })} />
            )}
          </Card.Body>
        </Card>
      </main>
    </Container>
  );
}
