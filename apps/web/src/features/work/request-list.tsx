import type { RequestStatus } from '@portal/contract/requests';
import type { RoleName } from '@portal/contract/roles';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { Pager } from '../../components/pager';
import { SectionCard } from '../../components/section-card';
import { useRequestList } from './request-api';
import { RequestCard } from './request-card';

type RequestListProps = {
  role: RoleName;
  title: string;
  /** The heading's id, which names the section. */
  titleId: string;
  emptyText: string;
  /** One client's requests (its Work tab); otherwise every one the caller sees. */
  clientId?: number;
  status?: RequestStatus;
  /** Rows a page; a pager shows when there are more. */
  limit?: number;
};

/**
 * Document requests, earliest needed first, each with its documents (to upload or review) and a link to
 * its work item: a client's "What we need from you", and the open requests on a client's Work tab.
 */
export function RequestList({ role, title, titleId, emptyText, clientId, status, limit = 20 }: RequestListProps) {
  const [page, setPage] = useState(1);
  const list = useRequestList({
    ...(status ? { status } : {}),
    ...(clientId !== undefined ? { client_id: clientId } : {}),
    page,
    limit,
  });
  return (
    <SectionCard id={titleId} title={title} className="mb-3">
      <Card.Body className="pb-0">
        <FailureAlert of={list} />
        {list.isPending && <Spinner animation="border" size="sm" aria-label={`Loading ${title.toLowerCase()}`} />}
        {list.data?.data.length === 0 && <p className="text-muted">{emptyText}</p>}
        {list.data?.data.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            heading={<Link to={`/${role}/work/${request.work_item.id}`}>{request.work_item.title}</Link>}
          />
        ))}
        {list.data && list.data.last_page > 1 && (
          <div className="mb-3">
            <Pager
              page={page}
              lastPage={list.data.last_page}
              onChange={setPage}
              label={`${title} pages`}
              total={list.data.total}
              perPage={list.data.per_page}
            />
          </div>
        )}
      </Card.Body>
    </SectionCard>
  );
}
