import type { RoleName } from '@portal/contract/roles';
import { ROLE_ID } from '@portal/contract/roles';
import Card from 'react-bootstrap/Card';
import { useDocumentTitle } from '../../lib/document-title';
import { ROLE_TEXTS } from './role-texts';
import { UserForm } from './user-form';
import { UserList } from './user-list';

/** An area's people screen: the Add card with the shared form, then the shared list below it. */
export function UsersPage({ role, listRole }: { role: RoleName; listRole: RoleName }) {
  useDocumentTitle(ROLE_TEXTS[listRole].plural);
  const texts = ROLE_TEXTS[listRole];
  return (
    <section className="d-grid gap-4">
      <Card>
        <Card.Header className="bg-white">
          <h1 className="h5 mb-0">{texts.add}</h1>
        </Card.Header>
        <Card.Body>
          <UserForm userRole={listRole} mode="add" target={{ kind: 'create', roleId: ROLE_ID[listRole] }} />
        </Card.Body>
      </Card>
      <UserList role={role} listRole={listRole} />
    </section>
  );
}
