import type { UserDetail } from '@portal/contract/users';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { UserDetailCard } from '../../components/user-detail-card';
import { useDocumentTitle } from '../../lib/document-title';
import type { Session } from '../../lib/session';
import { useOwnDetail } from './profile-api';

type ProfilePageProps = {
  session: Session;
  /** Where Edit Profile leads: admin `profile/edit`, client `edit`. */
  editPath: string;
  heading?: string;
  renderExtra?: (user: UserDetail) => ReactNode;
};

/** Read-only own details with an Edit Profile button: the admin's My Profile, the client's Client Details. */
export function ProfilePage({ session, editPath, heading = 'My Profile', renderExtra }: ProfilePageProps) {
  useDocumentTitle(heading);
  const detail = useOwnDetail(session.user.id);
  return (
    <section className="d-grid gap-4">
      <Card>
        <Card.Header className="bg-white d-flex align-items-center justify-content-between">
          <h1 className="h5 mb-0">{heading}</h1>
          <Link className="btn btn-primary btn-sm" to={`/${session.role}/${editPath}`}>
            Edit Profile
          </Link>
        </Card.Header>
        <Card.Body>
          {detail.isPending ? (
            <Spinner animation="border" role="status" aria-label="Loading profile" />
          ) : detail.isError ? (
            <FailureAlert of={detail} />
          ) : (
            <UserDetailCard user={detail.data} />
          )}
        </Card.Body>
      </Card>
      {detail.data && renderExtra?.(detail.data)}
    </section>
  );
}
