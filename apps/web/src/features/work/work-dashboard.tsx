import { addDays, formatIndianDate } from '@portal/contract/plain-dates';
import type { RoleName } from '@portal/contract/roles';
import { WORK_STATUS_LABELS } from '@portal/contract/work';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { CountCard } from '../../components/count-card';
import { DataTable } from '../../components/data-table';
import { SectionCard } from '../../components/section-card';
import { useSession } from '../../lib/session';
import { ReminderSettings } from './reminder-settings';
import { RequestLinkSettings } from './request-link-settings';
import { RequestList } from './request-list';
import { useWorkList, useWorkSummary, type WorkQuery } from './work-api';
import { DueDate } from './work-status';

/** The MPC's view of the firm's work: overdue, due this week, this month by status, open work by person. */
function FirmWork() {
  const summary = useWorkSummary(true);
  if (!summary.data) return <Spinner animation="border" role="status" aria-label="Loading work" />;
  const { today, overdue, due_this_week, by_status, by_assignee } = summary.data;
  const week = `/mpc/work?due_from=${today}&due_to=${addDays(today, 6)}`;
  return (
    <Row className="g-3 mb-3">
      <Col xs={6} lg={3}>
        <CountCard title="Overdue" count={overdue} to="/mpc/work?overdue=1" danger />
      </Col>
      <Col xs={6} lg={3}>
        <CountCard title="Due this week" count={due_this_week} to={week} />
      </Col>
      <Col xs={12} lg={6}>
        <SectionCard id="by-status-title" title="Due this month, by status" size="h6" className="h-100">
          <Card.Body className="d-flex flex-wrap gap-3 small">
            {by_status.map((row) => (
              <span key={row.status}>
                {WORK_STATUS_LABELS[row.status]}: <strong>{row.count}</strong>
              </span>
            ))}
          </Card.Body>
        </SectionCard>
      </Col>
      <Col xs={12}>
        <SectionCard id="by-assignee-title" title="Open work by assignee" size="h6">
          <DataTable
            compact
            className="mb-0 small"
            ariaLabelledBy="by-assignee-title"
            rows={by_assignee}
            rowKey={(row) => row.assignee?.id ?? 'none'}
            emptyText="No open work."
            columns={[
              {
                header: 'Assignee',
                cell: (row) => (
                  <Link to={`/mpc/work?assignee_id=${row.assignee?.id ?? 'none'}`}>
                    {row.assignee?.name ?? 'Nobody yet'}
                  </Link>
                ),
              },
              { header: 'Open', cell: (row) => row.open },
              {
                header: 'Overdue',
                cellClassName: (row) => (row.overdue > 0 ? 'text-danger fw-semibold' : undefined),
                cell: (row) => row.overdue,
              },
            ]}
          />
        </SectionCard>
      </Col>
    </Row>
  );
}

/** A short list of items on a dashboard card. */
function ItemsCard({
  title,
  role,
  query,
  empty,
  showAck,
}: {
  title: string;
  role: RoleName;
  query: WorkQuery;
  empty: string;
  showAck?: boolean;
}) {
  const list = useWorkList(query);
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <SectionCard id={id} title={title} className="mb-3">
      <ListGroup variant="flush">
        {list.isPending && (
          <ListGroup.Item>
            <Spinner animation="border" size="sm" aria-label={`Loading ${title}`} />
          </ListGroup.Item>
        )}
        {list.data?.data.length === 0 && <ListGroup.Item className="text-muted">{empty}</ListGroup.Item>}
        {list.data?.data.map((item) => (
          <ListGroup.Item key={item.id} className="d-flex flex-wrap justify-content-between gap-2">
            <span>
              <Link to={`/${role}/work/${item.id}`}>{item.title}</Link>
              {role !== 'client' && <span className="text-muted small"> · {item.client_name}</span>}
            </span>
            {showAck ? (
              <span className="small">
                {WORK_STATUS_LABELS[item.status]}
                {item.filed_on && ` on ${formatIndianDate(item.filed_on)}`}
                {item.ack_number && (
                  <>
                    {' · Ack '}
                    <strong>{item.ack_number}</strong>
                  </>
                )}
              </span>
            ) : (
              <span className="small">
                <DueDate date={item.due_date} overdue={item.overdue} />
              </span>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </SectionCard>
  );
}

/** The dashboards' work: the MPC its firm's, a PC or executor its own due soon, a client what was filed. */
export function WorkDashboard({ role, settings }: { role: RoleName; settings?: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  if (role === 'mpc')
    return (
      <>
        <FirmWork />
        <ReminderSettings />
        <RequestLinkSettings />
        {settings}
      </>
    );
  if (role === 'client')
    return (
      <>
        <RequestList
          role={role}
          title="What we need from you"
          titleId="needed-title"
          emptyText="Nothing is needed from you right now."
        />
        <ItemsCard
          title="Filed for you"
          role={role}
          query={{ status: 'filed,completed', order: 'desc', limit: 5 }}
          empty="Nothing filed yet."
          showAck
        />
        <ItemsCard title="Coming up" role={role} query={{ status: 'open', limit: 5 }} empty="Nothing due." />
      </>
    );
  return (
    <ItemsCard
      title="My work"
      role={role}
      query={{ assignee_id: session.user.id, status: 'open', limit: 5 }}
      empty="Nothing assigned to you is open."
    />
  );
}
