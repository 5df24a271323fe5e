import type { RoleName } from '@portal/contract/roles';
import type { UserDetail } from '@portal/contract/users';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { CountCard } from '../../components/count-card';
import { MessageAlert } from '../../components/message-alert';
import { UserDetailCard } from '../../components/user-detail-card';
import { useDocumentTitle } from '../../lib/document-title';
import { AccountActions } from './account-actions';
import { ROLE_TEXTS } from './role-texts';
import { useRoleTotals, useUserOfRole } from './users-api';

/** {role}/{listRole}/detail/{id}: the user's details, an Edit button and the people it reaches. */
type UserDetailPageProps = {
  role: RoleName;
  listRole: RoleName;
  /** Sections the route adds under the details (the Family Member section of a client). */
  renderExtra?: (user: UserDetail) => ReactNode;
};

export function UserDetailPage({ role, listRole, renderExtra }: UserDetailPageProps) {
  const id = Number(useParams().id);
  const detail = useUserOfRole(id, listRole);
  const totals = useRoleTotals(id);
  const texts = ROLE_TEXTS[listRole];
  useDocumentTitle(detail.data && `${detail.data.first_name} ${detail.data.last_name}`, texts.details);

  if (detail.problem) return <MessageAlert variant="danger" messages={detail.problem} />;
  if (detail.loading || !detail.data) return <Spinner animation="border" role="status" aria-label="Loading details" />;
  return (
    <section className="d-grid gap-4">
      <Card>
        <Card.Header className="bg-white d-flex align-items-center justify-content-between">
          <h1 className="h5 mb-0">{texts.details}</h1>
          {detail.data.permissions.edit && (
            <Link className="btn btn-primary btn-sm" to={`/${role}/${listRole}/edit/${id}`}>
              {texts.editButton}
            </Link>
          )}
        </Card.Header>
        <Card.Body>
          <UserDetailCard user={detail.data} />
          <AccountActions user={detail.data} />
        </Card.Body>
      </Card>
      {renderExtra?.(detail.data)}
      {(totals.data?.length ?? 0) > 0 && (
        <Row className="g-3">
          {totals.data?.map((total) => (
            <Col md={4} key={total.role_id}>
              <CountCard title={`Total ${total.name}s`} count={total.total} />
            </Col>
          ))}
        </Row>
      )}
      <div>
        <Link className="btn btn-outline-secondary" to={`/${role}/${listRole}`}>
          Back to {texts.list}
        </Link>
      </div>
    </section>
  );
}
