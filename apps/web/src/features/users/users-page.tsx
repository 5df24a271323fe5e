import type { RoleName } from '@portal/contract/roles';
import { ROLE_ID } from '@portal/contract/roles';
import type { UserDetail } from '@portal/contract/users';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSuccessNotice } from '../../components/success-notice';
import { useDocumentTitle } from '../../lib/document-title';
import { ROLE_TEXTS } from './role-texts';
import { UserForm } from './user-form';
import { UserList } from './user-list';
import { useUserListState } from './user-list-params';

/**
 * An area's people screen: the spec's Add card, collapsed behind "Add {role}" so the list is in view on
 * arrival (issue 9), then the shared list. A save shows its notice, closes the card and shows the new
 * user marked at the top of the list (newest first, no filter).
 */
export function UsersPage({ role, listRole }: { role: RoleName; listRole: RoleName }) {
  const texts = ROLE_TEXTS[listRole];
  useDocumentTitle(texts.plural);
  const [adding, setAdding] = useState(false);
  // A fresh form after each save; closing the card only hides the form, so nothing typed is lost.
  const [formKey, setFormKey] = useState(0);
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const [addedId, setAddedId] = useState<number | null>(null);
  const [, updateList] = useUserListState();
  const bodyId = `add-${listRole}-form`;
  const bodyRef = useRef<HTMLDivElement>(null);
  // Opening the card puts the cursor in its first field.
  useEffect(() => {
    if (adding) bodyRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [adding]);

  const onSaved = (message: string, user: UserDetail | null) => {
    setNotice(message);
    setAdding(false);
    setFormKey((key) => key + 1);
    setAddedId(user?.id ?? null);
    updateList({ page: 1, search: '', serviceId: '', sort: undefined, order: undefined });
  };

  return (
    <section className="d-grid gap-4">
      {noticeAlert}
      <Card>
        <Card.Header className="bg-white d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h1 className="h5 mb-0">{texts.add}</h1>
          <Button
            variant={adding ? 'outline-secondary' : 'primary'}
            aria-expanded={adding}
            aria-controls={bodyId}
            onClick={() => setAdding((open) => !open)}
          >
            {adding ? 'Close' : `Add ${texts.name}`}
          </Button>
        </Card.Header>
        <Card.Body id={bodyId} ref={bodyRef} hidden={!adding}>
          <UserForm
            key={formKey}
            userRole={listRole}
            mode="add"
            target={{ kind: 'create', roleId: ROLE_ID[listRole] }}
            onSaved={onSaved}
          />
        </Card.Body>
      </Card>
      <UserList role={role} listRole={listRole} highlightId={addedId} />
    </section>
  );
}
