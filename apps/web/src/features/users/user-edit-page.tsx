import type { RoleName } from '@portal/contract/roles';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useParams } from 'react-router';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { dashboardPathOf } from '../../lib/session';
import { ROLE_TEXTS } from './role-texts';
import { UserForm } from './user-form';
import { useUserDetail } from './users-api';

/** {role}/{listRole}/edit/{id}: the shared form prefilled; on success, back to the dashboard (spec). */
export function UserEditPage({ role, listRole }: { role: RoleName; listRole: RoleName }) {
  const id = Number(useParams().id);
  const detail = useUserDetail(id);
  const navigate = useNavigate();

  if (detail.isPending) return <Spinner animation="border" role="status" aria-label="Loading user" />;
  if (detail.isError) return <MessageAlert variant="danger" messages={readApiError(detail.error).message} />;
  return (
    <Card>
      <Card.Header className="bg-white">
        <h1 className="h5 mb-0">{ROLE_TEXTS[listRole].edit}</h1>
      </Card.Header>
      <Card.Body>
        <UserForm
          key={id}
          userRole={listRole}
          mode="edit"
          user={detail.data}
          target={{ kind: 'edit', userId: id }}
          onSaved={(message) => navigate(dashboardPathOf(role), { state: { notice: message } })}
        />
      </Card.Body>
    </Card>
  );
}
