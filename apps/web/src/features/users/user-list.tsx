import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { UserListItem } from '@portal/contract/users';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { BoxArrowUpRight, Folder2Open, PersonCheck, PersonGear, PersonSlash } from 'react-bootstrap-icons';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { MessageAlert } from '../../components/message-alert';
import { Pager } from '../../components/pager';
import { readApiError } from '../../lib/api-error';
import { capitalise } from '../../lib/format';
import { ROLE_TEXTS } from './role-texts';
import { rowActionsFor } from './user-row-actions';
import { type UserListFilters, useChangeUserStatus, useServiceOptions, useUserList } from './users-api';

type UserListProps = {
  /** The signed-in role, which decides the links (spec: read from the stored session). */
  role: RoleName;
  /** The kind of user listed. */
  listRole: RoleName;
};

/** The shared list of spec "Lists": filters, paged table, row actions and the disable confirmation. */
export function UserList({ role, listRole }: UserListProps) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<UserListFilters>({});
  const [toChange, setToChange] = useState<{ user: UserListItem; status: 'deactivated' | 'active' } | null>(null);
  const users = useUserList(ROLE_ID[listRole], page, filters);
  const services = useServiceOptions();
  const changeStatus = useChangeUserStatus();
  const { register, handleSubmit, reset } = useForm<UserListFilters>({
    defaultValues: { name: '', service_id: '', mobile_number: '' },
  });
  const texts = ROLE_TEXTS[listRole];
  const actions = rowActionsFor(role, listRole);
  const base = `/${role}/${listRole}`;

  const applyFilters = handleSubmit((values) => {
    setPage(1);
    setFilters(values);
  });

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
  const nameOf = (user: UserListItem) => `${user.first_name} ${user.last_name}`;

  const rows = users.data?.data ?? [];
  return (
    <Card>
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0">{texts.list}</h2>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={applyFilters} className="mb-3" aria-label="Filter">
          <Row className="g-2 align-items-end">
            <Col md={4}>
              <Form.Label htmlFor={`filter-name-${listRole}`}>Name</Form.Label>
              <Form.Control id={`filter-name-${listRole}`} {...register('name')} />
            </Col>
            <Col md={3}>
              <Form.Label htmlFor={`filter-service-${listRole}`}>Service</Form.Label>
              <Form.Select id={`filter-service-${listRole}`} {...register('service_id')}>
                <option value="">All services</option>
                {(services.data ?? []).map((service) => (
                  <option key={service.value} value={String(service.value)}>
                    {service.label}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col md={3}>
              <Form.Label htmlFor={`filter-mobile-${listRole}`}>Mobile number</Form.Label>
              <Form.Control id={`filter-mobile-${listRole}`} {...register('mobile_number')} />
            </Col>
            <Col md={2} className="d-flex gap-2">
              <Button type="submit">Filter</Button>
              <Button
                variant="outline-secondary"
                onClick={() => {
                  reset();
                  setPage(1);
                  setFilters({});
                }}
              >
                Reset
              </Button>
            </Col>
          </Row>
        </Form>
        {users.isError && <MessageAlert variant="danger" messages={readApiError(users.error).message} />}
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Mobile number</th>
              <th scope="col">Username</th>
              <th scope="col">Nature of service</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-end">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={7} className="text-center py-4">
                  <Spinner animation="border" role="status" aria-label={`Loading ${texts.plural}`} />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="text-center text-muted py-4">
                  No records found
                </td>
              </tr>
            ) : (
              rows.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.first_name} {user.last_name}
                  </td>
                  <td>{user.email}</td>
                  <td>{user.mobile_number}</td>
                  <td>{user.username}</td>
                  <td>{user.user_service.map((entry) => entry.service.service_name).join(', ')}</td>
                  <td>{capitalise(user.status)}</td>
                  <td className="text-end text-nowrap">
                    {actions.includes('detail') && (
                      <a
                        className="btn btn-link btn-sm"
                        href={`${base}/detail/${user.id}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Details of ${user.first_name} ${user.last_name}`}
                        title="Details"
                      >
                        <BoxArrowUpRight aria-hidden />
                      </a>
                    )}
                    {actions.includes('files') && (
                      <Link
                        className="btn btn-link btn-sm"
                        to={`${base}/file/${user.id}`}
                        aria-label={`Service files of ${user.first_name} ${user.last_name}`}
                        title="Service files"
                      >
                        <Folder2Open aria-hidden />
                      </Link>
                    )}
                    {actions.includes('assign') && user.status === 'active' && (
                      <Link
                        className="btn btn-link btn-sm"
                        to={`${base}/assign-service/${user.id}`}
                        aria-label={`Assign services of ${user.first_name} ${user.last_name}`}
                        title="Assign service"
                      >
                        <PersonGear aria-hidden />
                      </Link>
                    )}
                    {actions.includes('disable') && user.status !== 'deactivated' && (
                      <Button
                        variant="link"
                        size="sm"
                        className="text-danger"
                        aria-label={`Disable ${nameOf(user)}`}
                        title="Disable"
                        onClick={() => setToChange({ user, status: 'deactivated' })}
                      >
                        <PersonSlash aria-hidden />
                      </Button>
                    )}
                    {actions.includes('disable') && user.status === 'deactivated' && (
                      <Button
                        variant="link"
                        size="sm"
                        className="text-success"
                        aria-label={`Enable ${nameOf(user)}`}
                        title="Enable"
                        onClick={() => setToChange({ user, status: 'active' })}
                      >
                        <PersonCheck aria-hidden />
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
        <Pager
          page={page}
          lastPage={users.data?.last_page ?? 1}
          onChange={setPage}
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
              ? `Enable ${nameOf(toChange.user)}? They can sign in again.`
              : `Disable ${nameOf(toChange.user)}? They will be signed out and cannot sign in.`
        }
        busy={changeStatus.isPending}
        onCancel={() => setToChange(null)}
        onConfirm={confirmStatusChange}
      />
    </Card>
  );
}
