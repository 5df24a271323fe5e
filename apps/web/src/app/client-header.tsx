import type { RoleName } from '@portal/contract/roles';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { NavLink, Outlet, useParams } from 'react-router';
import { ClientBalance } from '../features/billing/client-balance';
import { useUserOfRole } from '../features/users/users-api';
import { capitalise } from '../lib/format';

const ROLE_LABEL = { pc: 'PC', executor: 'Executor', mpc: 'MPC' } as const;

/**
 * Every staff page about one client (details, edit, assign services, files, work) opens under the same
 * header: whose work this is (name, PAN, status, who is assigned, its balance to those who bill) and the way to the client's other
 * pages. The links mirror the permissions the server sent with the client.
 */
function ClientHeader({ role }: { role: RoleName }) {
  const id = Number(useParams().id);
  const client = useUserOfRole(id, 'client');
  const data = client.problem ? undefined : client.data;
  if (!data) return null;
  const base = `/${role}/client`;
  const links = [
    { to: `${base}/detail/${id}`, label: 'Details', shown: true },
    { to: `${base}/edit/${id}`, label: 'Edit', shown: data.permissions.edit },
    { to: `${base}/assign-service/${id}`, label: 'Assign services', shown: data.permissions.assign_services },
    { to: `${base}/file/${id}`, label: 'Files', shown: true },
    { to: `${base}/work/${id}`, label: 'Work', shown: true },
  ].filter((link) => link.shown);
  return (
    <Card as="section" aria-label="Client" className="mb-3 border-primary-subtle">
      <Card.Body className="py-2 d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <p className="fw-semibold mb-0">
            {data.first_name} {data.last_name}
            {data.status !== 'active' && (
              <Badge bg="secondary" className="ms-2">
                {capitalise(data.status)}
              </Badge>
            )}
          </p>
          <p className="small text-muted mb-0">
            {[
              data.pan_number && `PAN ${data.pan_number}`,
              data.client_status?.label,
              data.assigned_to.length > 0
                ? `Assigned: ${data.assigned_to.map((person) => `${person.name} (${ROLE_LABEL[person.role]})`).join(', ')}`
                : 'Not assigned yet',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {/* Its balance, for the staff who bill it (the ledger's first entry read alone). */}
          {data.permissions.billing && <ClientBalance clientId={id} />}
        </div>
        <Nav as="nav" variant="pills" className="small" aria-label="This client's pages">
          {links.map((link) => (
            <Nav.Item key={link.to}>
              <Nav.Link as={NavLink} to={link.to} className="py-1 px-2">
                {link.label}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </Card.Body>
    </Card>
  );
}

/** The layout route of a client's pages: the header above whichever page is open. */
export function ClientPages({ role }: { role: RoleName }) {
  return (
    <>
      <ClientHeader role={role} />
      <Outlet />
    </>
  );
}
