import { FIRM_APPROVAL_MESSAGES } from '@portal/contract/firm-approvals';
import type { RoleName } from '@portal/contract/roles';
import type { UserField } from '@portal/contract/user-form';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { UserDetail } from '@portal/contract/users';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { useDocumentTitle } from '../../lib/document-title';
import { usePortalSettings } from '../../lib/portal-settings';
import { dashboardPathOf, type Session, saveSessionUser, useSession } from '../../lib/session';
import { SignUpForm } from './sign-up-form';
import { UserForm } from './user-form';
import { useUserDetail } from './users-api';

/**
 * Public MPC sign-up when signed out; "complete your registration" when created (docs/api-conventions.md,
 * status lifecycle).
 */
export function RegistrationPage() {
  useDocumentTitle('Registration');
  const session = useSession();
  // Completing the registration makes the stored user active, which leads to the dashboard.
  const [notice, setNotice] = useState<string | null>(null);
  if (!session) return <PublicRegistration />;
  if (session.user.status === 'active' && !session.user.approval_pending) {
    return <Navigate to={dashboardPathOf(session.role)} replace state={notice ? { notice } : undefined} />;
  }
  return <CompleteRegistration session={session} onCompleted={setNotice} />;
}

function PublicRegistration() {
  const settings = usePortalSettings();
  const [registered, setRegistered] = useState<string | null>(null);
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      <Card>
        <Card.Header className="bg-white d-flex justify-content-between align-items-center">
          <h1 className="h5 mb-0">Create your firm’s account</h1>
          <Link to="/login">Sign in</Link>
        </Card.Header>
        <Card.Body>
          {settings.isPending ? (
            <Spinner animation="border" role="status" aria-label="Loading" />
          ) : settings.data?.registration_open === false ? (
            <MessageAlert variant="warning" messages={USER_MESSAGES.registrationClosed} />
          ) : registered ? (
            <MessageAlert variant="success" messages={registered} />
          ) : (
            <SignUpForm onRegistered={setRegistered} />
          )}
        </Card.Body>
      </Card>
    </main>
  );
}

/**
 * What a first sign-in does not ask of each role: the creator already gave the rest, and an executor
 * runs the work, so it has no practice details (qualification, logo, practice since) to give. The
 * stored values of hidden fields are kept.
 */
const NOT_ASKED_ON_COMPLETION: Partial<Record<RoleName, UserField[]>> = {
  executor: ['alternate_email_id', 'qualification', 'practice_since', 'nature_of_service'],
  // A self-registered MPC gave these at the sign-up (issue 22): shown above the form, not asked again.
  mpc: ['first_name', 'last_name', 'email', 'mobile_number'],
};

function CompleteRegistration({ session, onCompleted }: { session: Session; onCompleted: (message: string) => void }) {
  const detail = useUserDetail(session.user.id);
  // Registration done, the firm's approval still to come: the profile stays open meanwhile.
  const waitingForApproval = session.user.approval_pending && session.user.status === 'active';
  const completing = session.user.status === 'created';
  const onSaved = (message: string, user: UserDetail | null) => {
    onCompleted(message);
    // The detail has no account flags: the stored ones stay (nothing is pending once registration is reached).
    if (user) saveSessionUser({ ...session.user, ...user });
  };
  return (
    <main className="container py-4">
      <Card>
        <Card.Header className="bg-white">
          <h1 className="h5 mb-0">{waitingForApproval ? 'Waiting for approval' : 'Complete your registration'}</h1>
        </Card.Header>
        <Card.Body>
          {waitingForApproval && <MessageAlert variant="info" messages={FIRM_APPROVAL_MESSAGES.waiting} />}
          {detail.isPending ? (
            <Spinner animation="border" role="status" aria-label="Loading" />
          ) : detail.isError ? (
            <FailureAlert of={detail} />
          ) : (
            <>
              {completing && <SignedUpAs user={detail.data} />}
              <UserForm
                userRole={session.role}
                mode="edit"
                user={detail.data}
                target={{ kind: 'edit', userId: session.user.id }}
                onSaved={onSaved}
                completing={completing && session.role === 'mpc'}
                hiddenFields={completing ? NOT_ASKED_ON_COMPLETION[session.role] : undefined}
              />
            </>
          )}
        </Card.Body>
      </Card>
    </main>
  );
}

/** What the completion step does not ask again: who signed up, as given at the sign-up. */
function SignedUpAs({ user }: { user: UserDetail }) {
  return (
    <p className="mb-3">
      Signed up as <strong>{`${user.first_name} ${user.last_name}`.trim()}</strong> ({user.email}
      {user.mobile_number ? `, ${user.mobile_number}` : ''}). Please add the rest of your practice’s details.
    </p>
  );
}
