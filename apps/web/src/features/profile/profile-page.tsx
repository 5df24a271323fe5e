import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { MessageAlert } from '../../components/message-alert';
import { UserDetailCard } from '../../components/user-detail-card';
import { readApiError } from '../../lib/api-error';
import type { Session } from '../../lib/session';
import { useOwnDetail } from './profile-api';

/** Read-only My Profile with an Edit Profile button (spec: admin profile). */
export function ProfilePage({ session }: { session: Session }) {
  const detail = useOwnDetail(session.user.id);
  return (
    <Card>
      <Card.Header className="bg-white d-flex align-items-center justify-content-between">
        <h1 className="h5 mb-0">My Profile</h1>
        <Link className="btn btn-primary btn-sm" to={`/${session.role}/profile/edit`}>
          Edit Profile
        </Link>
      </Card.Header>
      <Card.Body>
        {detail.isPending ? (
          <Spinner animation="border" role="status" aria-label="Loading profile" />
        ) : detail.isError ? (
          <MessageAlert variant="danger" messages={readApiError(detail.error).message} />
        ) : (
          <UserDetailCard user={detail.data} />
        )}
      </Card.Body>
    </Card>
  );
}
