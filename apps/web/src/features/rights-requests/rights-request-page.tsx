import { RIGHTS_HISTORY_LABELS, RIGHTS_KIND_LABELS, type RightsRequest } from '@portal/contract/rights-requests';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDateTime } from '../../lib/format';
import { useRightsRequest } from './rights-api';
import { RightsContactLine, RightsDue, RightsStatusBadge } from './rights-badges';
import { RightsRequestActions } from './rights-request-actions';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-12 d-sm-flex">
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9 text-break">{children}</dd>
    </div>
  );
}

function Facts({ request, role }: { request: RightsRequest; role: 'mpc' | 'pc' }) {
  return (
    <dl className="row mb-0">
      <Fact label="Client">
        {/* The MPC sees every client of its firm; a PC allowed the queue may not handle this one. */}
        {role === 'mpc' ? (
          <Link to={`/mpc/client/detail/${request.client.id}`}>{request.client.name}</Link>
        ) : (
          request.client.name
        )}
      </Fact>
      <Fact label="Received">{formatDateTime(request.received_at)}</Fact>
      <Fact label="Due">
        <RightsDue request={request} />
      </Fact>
      <Fact label="Status">
        <RightsStatusBadge status={request.status} />
      </Fact>
      <Fact label="Details">{request.details ?? '—'}</Fact>
      {request.answer && <Fact label="Answer">{request.answer}</Fact>}
      {request.close_reason && <Fact label="Reason">{request.close_reason}</Fact>}
    </dl>
  );
}

/** One data request (issue 25): what the client asked, when it is due, its history, and staff's steps. */
export function RightsRequestPage({ role, requestId }: { role: 'mpc' | 'pc'; requestId: number }) {
  const request = useRightsRequest(requestId);
  useDocumentTitle('Data request');
  const data = request.data;
  return (
    <>
      <p>
        <Link to={`/${role}/data-requests`}>Back to data requests</Link>
      </p>
      <FailureAlert of={request} />
      {request.isPending && <Spinner animation="border" size="sm" role="status" aria-label="Loading the request" />}
      {data && (
        <>
          <TitledCard title={`Data request: ${RIGHTS_KIND_LABELS[data.kind]}`}>
            <Facts request={data} role={role} />
            <RightsContactLine contact={data.contact} />
          </TitledCard>
          <RightsRequestActions request={data} />
          <SectionCard id="rights-history-title" title="History" className="mt-3">
            <ListGroup variant="flush" as="ol">
              {data.history.map((step) => (
                <ListGroup.Item as="li" key={step.id}>
                  <span className="fw-semibold">{RIGHTS_HISTORY_LABELS[step.action]}</span>{' '}
                  <span className="text-muted small">
                    {formatDateTime(step.created_at)}
                    {step.actor ? `, ${step.actor.name}` : ''}
                  </span>
                  {step.note && <div className="text-break">{step.note}</div>}
                </ListGroup.Item>
              ))}
            </ListGroup>
            <Card.Body className="py-0" />
          </SectionCard>
        </>
      )}
    </>
  );
}
