import { formatIndianDate } from '@portal/contract/plain-dates';
import type { RoleName } from '@portal/contract/roles';
import { isStaffWorkItem, type WorkItem, type WorkItemSummary } from '@portal/contract/work';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useParams } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { RequestForm } from './request-form';
import { useWorkItem } from './work-api';
import { WorkHistory } from './work-history';
import { WorkItemForm } from './work-item-form';
import { WorkRequests } from './work-requests';
import { WorkReviewPanel } from './work-review-panel';
import { DueDate, StatusBadge } from './work-status';

/** Where the files of the item's client service open (or its period's folder), for whoever may open them. */
function filesPathOf(role: RoleName, item: WorkItemSummary, folderId?: number): string {
  const service =
    role === 'client' ? `/client/file/${item.service_id}` : `/${role}/client/file/${item.client_id}/${item.service_id}`;
  return folderId === undefined ? service : `${service}/${folderId}`;
}

/** Maker-checker: who the item waits for, or who verified it and when, and the review's note. */
function reviewFacts(item: WorkItem): [string, React.ReactNode][] {
  const rows: [string, React.ReactNode][] = [];
  if (item.status === 'under_review' && item.reviewer)
    rows.push(['Review', `Waiting for review by ${item.reviewer.name}`]);
  if (item.verified_by && item.verified_at)
    rows.push(['Verified by', `${item.verified_by.name} on ${formatDate(item.verified_at)}`]);
  if (item.review_note) rows.push(['Review note', item.review_note]);
  return rows;
}

function Facts({ item }: { item: WorkItemSummary }) {
  const staff = isStaffWorkItem(item) ? item : null;
  const rows: [string, React.ReactNode][] = [
    ['Client', item.client_name],
    ['Service', item.service_name],
    ['Period', item.period_label ?? 'None (one-off)'],
    ['Due', <DueDate key="due" date={item.due_date} overdue={item.overdue} />],
    ['Status', <StatusBadge key="status" status={item.status} />],
    ...(staff ? [['Assignee', staff.assignee?.name ?? 'Nobody yet'] as [string, React.ReactNode]] : []),
    ...(staff ? reviewFacts(staff) : []),
    ...(staff?.event_name
      ? [
          [`${staff.event_name} date`, staff.event_date ? formatIndianDate(staff.event_date) : 'Not recorded yet'] as [
            string,
            React.ReactNode,
          ],
        ]
      : []),
    ...(item.filed_on ? [['Filed on', formatIndianDate(item.filed_on)] as [string, React.ReactNode]] : []),
    ...(item.ack_number ? [['Acknowledgement / ARN', item.ack_number] as [string, React.ReactNode]] : []),
    ...(staff?.notes ? [['Notes', staff.notes] as [string, React.ReactNode]] : []),
  ];
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <div key={label} className="col-12 col-md-6 d-flex gap-2 mb-2">
          <dt className="text-muted fw-normal">{label}:</dt>
          <dd className="mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** work/{id}: one item with its facts, the way to its files, its document requests, its changes (staff) and its history. */
export function WorkItemPage({
  role,
  checklist,
}: {
  role: RoleName;
  /** The item's checklist, composed in by the app for staff (features do not import each other). */
  checklist?: (workId: number) => ReactNode;
}) {
  const workId = Number(useParams().id);
  const location = useLocation();
  const item = useWorkItem(workId);
  useDocumentTitle(item.data?.title, 'Work');
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const status = item.isError ? readApiError(item.error).status : null;
  if (!Number.isInteger(workId) || workId <= 0 || status === 404 || status === 422)
    return <MessageAlert variant="danger" messages="Work item not found." />;
  if (item.isError) return <FailureAlert of={item} />;
  if (!item.data) return <Spinner animation="border" role="status" aria-label="Loading the work item" />;
  const data = item.data;
  const back = role === 'client' ? '/client/calendar' : `/${role}/work`;
  return (
    <section>
      <p className="mb-2">
        <Link to={back}>{role === 'client' ? 'Back to the calendar' : 'Back to work'}</Link>
      </p>
      <h1 className="h3">{data.title}</h1>
      {noticeAlert}
      <Row className="g-3">
        <Col xs={12} lg={isStaffWorkItem(data) ? 7 : 12}>
          <Card>
            <Card.Body>
              <Facts item={data} />
              {data.permissions.files && (
                <div className="d-flex flex-wrap gap-3">
                  <Link to={filesPathOf(role, data)}>Files of {data.service_name}</Link>
                  {data.period_folder_id !== null && (
                    <Link to={filesPathOf(role, data, data.period_folder_id)}>Files of {data.period_label}</Link>
                  )}
                </div>
              )}
            </Card.Body>
          </Card>
          {isStaffWorkItem(data) && checklist?.(data.id)}
          <WorkRequests requests={data.requests} />
          {isStaffWorkItem(data) && (
            <WorkHistory entries={data.history} createdAt={data.created_at} createdBy={data.created_by} />
          )}
        </Col>
        {isStaffWorkItem(data) &&
          (data.permissions.edit || data.permissions.review || data.request_permissions.create) && (
            <Col xs={12} lg={5}>
              {data.permissions.review && <WorkReviewPanel item={data} onSaved={setNotice} />}
              {data.permissions.edit && <WorkItemForm item={data} onSaved={setNotice} />}
              {data.request_permissions.create && (
                <div className="mt-3">
                  <RequestForm workId={data.id} onSaved={setNotice} />
                </div>
              )}
            </Col>
          )}
      </Row>
    </section>
  );
}
