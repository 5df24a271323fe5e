import type { RoleName } from '@portal/contract/roles';
import type { UserListItem } from '@portal/contract/users';
import { type ReactNode, useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import BoxArrowUpRight from 'react-bootstrap-icons/dist/icons/box-arrow-up-right';
import Folder2Open from 'react-bootstrap-icons/dist/icons/folder2-open';
import PersonCheck from 'react-bootstrap-icons/dist/icons/person-check';
import PersonGear from 'react-bootstrap-icons/dist/icons/person-gear';
import PersonSlash from 'react-bootstrap-icons/dist/icons/person-slash';
import { Link } from 'react-router';
import { capitalise } from '../../lib/format';

/** The list's columns; clients add what an address book of clients needs (issue 9). */
export function listColumnsFor(listRole: RoleName): string[] {
  const clientColumns = listRole === 'client' ? ['PAN / GSTIN', 'Client status', 'Assigned to'] : [];
  return ['Name', 'Email', 'Mobile number', 'Username', 'Nature of service', ...clientColumns, 'Status'];
}

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

type UserListRowProps = {
  user: UserListItem;
  listRole: RoleName;
  /** Where the row's links go: /{role}/{listRole}. */
  base: string;
  /** The user just added: marked, brought into view and focused once. */
  isNew: boolean;
  onChangeStatus: (user: UserListItem, status: 'deactivated' | 'active') => void;
};

/**
 * One row of the shared list. Every cell names its column (`data-label`), which a phone shows beside
 * the value when the table becomes stacked cards (styles/app.css, `.stacked-table`).
 */
export function UserListRow({ user, listRole, base, isNew, onChangeStatus }: UserListRowProps) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (isNew) rowRef.current?.focus();
  }, [isNew]);
  const name = fullNameOf(user);
  // A disabled user's row offers Enable instead of Disable.
  const enabling = user.status === 'deactivated';
  const isClient = listRole === 'client';
  return (
    <tr
      ref={rowRef}
      className={isNew ? 'user-row-new' : undefined}
      aria-current={isNew ? 'true' : undefined}
      tabIndex={isNew ? -1 : undefined}
    >
      <td data-label="Name" className="cell-name">
        {name}
        {isNew && <span className="badge text-bg-success ms-2">New</span>}
      </td>
      <td data-label="Email" className="cell-email">
        <EmailText email={user.email} />
      </td>
      <td data-label="Mobile number">{user.mobile_number}</td>
      <td data-label="Username" className="cell-username">
        {user.username}
      </td>
      <td data-label="Nature of service">{user.user_service.map((entry) => entry.service.service_name).join(', ')}</td>
      {isClient && (
        <>
          <td data-label="PAN / GSTIN">
            {user.pan_number && <div>{user.pan_number}</div>}
            {user.gst_number && <div>{user.gst_number}</div>}
          </td>
          <td data-label="Client status">{user.client_status?.label}</td>
          <td data-label="Assigned to">
            {user.assigned_to.length === 0 ? (
              <span className="text-muted">Not assigned</span>
            ) : (
              user.assigned_to.map((person) => (
                <div key={`${person.role}-${person.id}`}>
                  {person.name} ({ASSIGNEE_ROLE_LABELS[person.role]})
                </div>
              ))
            )}
          </td>
        </>
      )}
      <td data-label="Status">{capitalise(user.status)}</td>
      <td data-label="Action" className="row-actions">
        {/* The server's permissions decide each action (docs/authorization.md); a row the caller sees has details. */}
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
          <IconLink
            to={`${base}/assign-service/${user.id}`}
            label={`Assign services of ${name}`}
            title="Assign service"
          >
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
      </td>
    </tr>
  );
}
