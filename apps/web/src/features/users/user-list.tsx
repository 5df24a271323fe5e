import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { UserListItem } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { Pager } from '../../components/pager';
import { useSuccessNotice } from '../../components/success-notice';
import { useDownload } from '../../components/use-download';
import { readApiError } from '../../lib/api-error';
import { ClientImportPanel } from './client-import-panel';
import { ROLE_TEXTS } from './role-texts';
import { downloadUserList } from './user-csv-api';
import { fullNameOf, newUserRowProps, userListColumns } from './user-list-columns';
import { UserListFilters } from './user-list-filters';
import { useUserListState } from './user-list-params';
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
  const lastPage = users.data?.last_page ?? 1;
  // What the server lets the caller do with the list as a whole (export, import), never decided here.
  const actions = users.data?.actions;
  const [importing, setImporting] = useState(false);
  const download = useDownload();
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();

  // The new clients are the newest: the plain list's first page shows them.
  const onImported = (message: string) => {
    setNotice(message);
    setImporting(false);
    update({ page: 1, search: '', serviceId: '', sort: undefined, order: undefined });
  };

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
      // A failed disable is only logged, as the product asks.
      console.error('Changing the status failed', readApiError(error).message);
    }
    setToChange(null);
  };

  return (
    <Card>
      <Card.Header className="bg-white d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h5 mb-0">{texts.list}</h2>
        <div className="d-flex flex-wrap gap-2">
          {actions?.import && (
            <Button
              variant="outline-secondary"
              aria-expanded={importing}
              aria-controls={`import-${listRole}`}
              onClick={() => setImporting((open) => !open)}
            >
              {importing ? 'Close import' : 'Import clients'}
            </Button>
          )}
          {actions?.export && (
            <DownloadButton
              variant="outline-secondary"
              download={download}
              name="csv"
              rows={users.data?.total}
              fetchFile={(onTransfer) => downloadUserList(ROLE_ID[listRole], state, onTransfer)}
            >
              Export CSV
            </DownloadButton>
          )}
        </div>
      </Card.Header>
      <Card.Body>
        {noticeAlert}
        <MessageAlert variant="danger" messages={download.failure} onClose={download.clearFailure} />
        {actions?.import && (
          <div id={`import-${listRole}`} hidden={!importing}>
            <ClientImportPanel onImported={onImported} />
          </div>
        )}
        <UserListFilters idPrefix={`filter-${listRole}`} state={state} onChange={update} />
        <FailureAlert of={users} />
        <DataTable
          columns={userListColumns(listRole, highlightId, {
            base: `/${role}/${listRole}`,
            onChangeStatus: (target, status) => setToChange({ user: target, status }),
          })}
          rows={users.data?.data}
          loading={users.isPending}
          loadingLabel={`Loading ${texts.plural}`}
          layout="cards"
          compact
          className="small"
          ariaLabel={texts.list}
          rowProps={(user) => newUserRowProps(user, highlightId)}
        />
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
