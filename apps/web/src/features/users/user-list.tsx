import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { UserListItem } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../components/confirm-modal';
import { MessageAlert } from '../../components/message-alert';
import { Pager } from '../../components/pager';
import { readApiError } from '../../lib/api-error';
import { ROLE_TEXTS } from './role-texts';
import { UserListFilters } from './user-list-filters';
import { useUserListState } from './user-list-params';
import { fullNameOf, listColumnsFor, UserListRow } from './user-list-row';
import { useChangeUserStatus, useUserList } from './users-api';

type UserListProps = {
  /** The signed-in role, which decides the links (spec: read from the stored session). */
  role: RoleName;
  /** The kind of user listed. */
  listRole: RoleName;
  /** A user just added, shown marked. */
  highlightId?: number | null;
};

/**
 * The shared list of spec "Lists": search, service and order in the address, a paged table that a
 * phone shows as stacked cards with the actions in view, row actions and the disable confirmation.
 */
export function UserList({ role, listRole, highlightId = null }: UserListProps) {
  const [state, update] = useUserListState();
  const [toChange, setToChange] = useState<{ user: UserListItem; status: 'deactivated' | 'active' } | null>(null);
  const users = useUserList(ROLE_ID[listRole], state);
  const changeStatus = useChangeUserStatus();
  const texts = ROLE_TEXTS[listRole];
  const columns = listColumnsFor(listRole);
  const lastPage = users.data?.last_page ?? 1;

  // A page past the end (rows removed, an old link) shows the last page instead of an empty table.
  useEffect(() => {
    if (users.isSuccess && !users.isPlaceholderData && state.page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [users.isSuccess, users.isPlaceholderData, state.page, lastPage, update]);

  const confirmStatusChange = async () => {
    if (!toChange) return;
    try {
      await changeStatus.mutateAsync({ userId: toChange.user.id, status: toChange.status });
    } catch (error) {
      // Spec section 8: a failed disable is only logged.
      console.error('Changing the status failed', readApiError(error).message);
    }
    setToChange(null);
  };

  const rows = users.data?.data ?? [];
  return (
    <Card>
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0">{texts.list}</h2>
      </Card.Header>
      <Card.Body>
        <UserListFilters idPrefix={`filter-${listRole}`} state={state} onChange={update} />
        {users.isError && <MessageAlert variant="danger" messages={readApiError(users.error).message} />}
        <Table responsive hover size="sm" className="align-middle small stacked-table" aria-label={texts.list}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
              <th scope="col" className="text-end">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr className="stacked-table-message">
                <td colSpan={columns.length + 1} className="text-center py-4">
                  <Spinner animation="border" role="status" aria-label={`Loading ${texts.plural}`} />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr className="stacked-table-message">
                <td colSpan={columns.length + 1} className="text-center text-muted py-4">
                  No records found
                </td>
              </tr>
            ) : (
              rows.map((user) => (
                <UserListRow
                  key={user.id}
                  user={user}
                  listRole={listRole}
                  base={`/${role}/${listRole}`}
                  isNew={user.id === highlightId}
                  onChangeStatus={(target, status) => setToChange({ user: target, status })}
                />
              ))
            )}
          </tbody>
        </Table>
        <Pager
          page={state.page}
          lastPage={lastPage}
          onChange={(page) => update({ page })}
          label={`${texts.list} pages`}
          showAllPages
        />
      </Card.Body>
      {/* The wording over the spec's ("want to disabled MPCs"): it names the person and the effect. */}
      <ConfirmModal
        show={toChange !== null}
        title={toChange?.status === 'active' ? 'Enable User' : 'Disable User'}
        text={
          !toChange
            ? ''
            : toChange.status === 'active'
              ? `Enable ${fullNameOf(toChange.user)}? They can sign in again.`
              : `Disable ${fullNameOf(toChange.user)}? They will be signed out and cannot sign in.`
        }
        busy={changeStatus.isPending}
        onCancel={() => setToChange(null)}
        onConfirm={confirmStatusChange}
      />
    </Card>
  );
}
