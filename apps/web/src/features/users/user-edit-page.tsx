import type { RoleName } from '@portal/contract/roles';
import { templateHasSecrets } from '@portal/contract/sub-form-secrets';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useParams } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { dashboardPathOf } from '../../lib/session';
import { ROLE_TEXTS } from './role-texts';
import { UserForm } from './user-form';
import { useUserOfRole, useUserSensitive } from './users-api';

/** {role}/{listRole}/edit/{id}: the shared form prefilled; on success, back to the dashboard (spec). */
export function UserEditPage({ role, listRole }: { role: RoleName; listRole: RoleName }) {
  const id = Number(useParams().id);
  const detail = useUserOfRole(id, listRole);
  const template = detail.data?.client_status?.template;
  // Answers carry the sub-form masked; the form needs the real values, read separately (and audited).
  const needsSecrets = listRole === 'client' && !!template && templateHasSecrets(template);
  const sensitive = useUserSensitive(id, needsSecrets);
  const navigate = useNavigate();
  useDocumentTitle(detail.data && `${detail.data.first_name} ${detail.data.last_name}`, ROLE_TEXTS[listRole].edit);

  if (detail.problem) return <MessageAlert variant="danger" messages={detail.problem} />;
  if (detail.loading || !detail.data || (needsSecrets && sensitive.isPending))
    return <Spinner animation="border" role="status" aria-label="Loading user" />;
  if (needsSecrets && sensitive.isError) return <FailureAlert of={sensitive} />;
  const user = needsSecrets && sensitive.data ? { ...detail.data, ...sensitive.data } : detail.data;
  return (
    <TitledCard title={ROLE_TEXTS[listRole].edit}>
      <UserForm
        key={id}
        userRole={listRole}
        mode="edit"
        user={user}
        target={{ kind: 'edit', userId: id }}
        onSaved={(message) => navigate(dashboardPathOf(role), { state: { notice: message } })}
        onCancel={() => navigate(`/${role}/${listRole}/detail/${id}`)}
      />
    </TitledCard>
  );
}
