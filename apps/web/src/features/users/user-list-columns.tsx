import type { RoleName } from '@portal/contract/roles';
import type { UserListItem } from '@portal/contract/users';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import BoxArrowUpRight from 'react-bootstrap-icons/dist/icons/box-arrow-up-right';
import Folder2Open from 'react-bootstrap-icons/dist/icons/folder2-open';
import PersonCheck from 'react-bootstrap-icons/dist/icons/person-check';
import PersonGear from 'react-bootstrap-icons/dist/icons/person-gear';
import PersonSlash from 'react-bootstrap-icons/dist/icons/person-slash';
import { Link } from 'react-router';
import type { DataColumn } from '../../components/data-table';
import { capitalise } from '../../lib/format';

const ASSIGNEE_ROLE_LABELS = { pc: 'PC', executor: 'Executor', mpc: 'MPC' } as const;

/** A long address breaks after its @ first, not at any letter. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** A row action that goes to another screen of the area. */
function IconLink({ to, label, title, children }: { to: string; label: string; title: string; children: ReactNode }) {
  return (
    <Link className="btn btn-link btn-sm" to={to} aria-label={label} title={title}>
      {children}
    </Link>
  );
}

export const fullNameOf = (user: UserListItem) => `${user.first_name} ${user.last_name}`;

type UserActionsProps = {
  user: UserListItem;
  /** Where the row's links go: /{role}/{listRole}. */
  base: string;
  onChangeStatus: (user: UserListItem, status: 'deactivated' | 'active') => void;
};

/** A row's actions; the server's permissions decide each (docs/authorization.md), and a row the caller sees has details. */
function UserActions({ user, base, onChangeStatus }: UserActionsProps) {
  const name = fullNameOf(user);
  // A disabled user's row offers Enable instead of Disable.
  const enabling = user.status === 'deactivated';
  return (
    <>
      <a
        className="btn btn-link btn-sm"
        href={`${base}/detail/${user.id}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Details of ${name}`}
        title="Details"
      >
        <BoxArrowUpRight aria-hidden />
      </a>
      {user.permissions.files && (
        <IconLink to={`${base}/file/${user.id}`} label={`Service files of ${name}`} title="Service files">
          <Folder2Open aria-hidden />
        </IconLink>
      )}
      {user.permissions.assign_services && (
        <IconLink to={`${base}/assign-service/${user.id}`} label={`Assign services of ${name}`} title="Assign service">
          <PersonGear aria-hidden />
        </IconLink>
      )}
      {(enabling ? user.permissions.enable : user.permissions.disable) && (
        <Button
          variant="link"
          size="sm"
          className={enabling ? 'text-success' : 'text-danger'}
          aria-label={`${enabling ? 'Enable' : 'Disable'} ${name}`}
          title={enabling ? 'Enable' : 'Disable'}
          onClick={() => onChangeStatus(user, enabling ? 'active' : 'deactivated')}
        >
          {enabling ? <PersonCheck aria-hidden /> : <PersonSlash aria-hidden />}
        </Button>
      )}
    </>
  );
}

/** Clients add what an address book of clients needs (issue 9). */
const CLIENT_COLUMNS: DataColumn<UserListItem>[] = [
  {
    header: 'PAN / GSTIN',
    cell: (user) => (
      <>
        {user.pan_number && <div>{user.pan_number}</div>}
        {user.gst_number && <div>{user.gst_number}</div>}
      </>
    ),
  },
  { header: 'Client status', cell: (user) => user.client_status?.label },
  {
    header: 'Assigned to',
    cell: (user) =>
      user.assigned_to.length === 0 ? (
        <span className="text-muted">Not assigned</span>
      ) : (
        user.assigned_to.map((person) => (
          <div key={`${person.role}-${person.id}`}>
            {person.name} ({ASSIGNEE_ROLE_LABELS[person.role]})
          </div>
        ))
      ),
  },
];

type UserColumnsOptions = Omit<UserActionsProps, 'user'>;

/**
 * The shared list's columns. Every cell names its column (`data-label`), which a phone shows beside the
 * value when the table becomes stacked cards (styles/app.css, `.stacked-table`); the user just added is
 * marked New.
 */
export function userListColumns(
  listRole: RoleName,
  highlightId: number | null,
  options: UserColumnsOptions,
): DataColumn<UserListItem>[] {
  return [
    {
      header: 'Name',
      cellClassName: 'cell-name',
      cell: (user) => (
        <>
          {fullNameOf(user)}
          {user.id === highlightId && <span className="badge text-bg-success ms-2">New</span>}
        </>
      ),
    },
    { header: 'Email', cellClassName: 'cell-email', cell: (user) => <EmailText email={user.email} /> },
    { header: 'Mobile number', cell: (user) => user.mobile_number },
    { header: 'Username', cellClassName: 'cell-username', cell: (user) => user.username },
    {
      header: 'Nature of service',
      cell: (user) => user.user_service.map((entry) => entry.service.service_name).join(', '),
    },
    ...(listRole === 'client' ? CLIENT_COLUMNS : []),
    { header: 'Status', cell: (user) => capitalise(user.status) },
    {
      header: 'Action',
      className: 'text-end',
      cellClassName: 'row-actions',
      cell: (user) => <UserActions user={user} {...options} />,
    },
  ];
}

/** Brings the user just added into focus once, when its row appears. */
const focusRow = (row: HTMLTableRowElement | null) => row?.focus();

/** The `<tr>` of the user just added: marked, focusable and focused once. */
export function newUserRowProps(user: UserListItem, highlightId: number | null) {
  return user.id === highlightId
    ? { ref: focusRow, className: 'user-row-new', 'aria-current': 'true' as const, tabIndex: -1 }
    : {};
}
