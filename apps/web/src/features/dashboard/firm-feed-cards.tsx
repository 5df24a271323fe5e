import type { FirmFeedEntry } from '@portal/contract/owner-notices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { useFirmFeed } from './dashboard-api';

/** Where an entry leads: its work item (and its requests), else the client's folder it landed in. */
function pathOf(entry: FirmFeedEntry): string {
  if (entry.work_item_id !== null) return `/mpc/work/${entry.work_item_id}`;
  const folder = entry.folder_id !== null ? `/${entry.folder_id}` : '';
  return `/mpc/client/file/${entry.client.id}/${entry.service_id ?? ''}${folder}`;
}

function FeedCard(props: {
  title: string;
  entries: FirmFeedEntry[] | undefined;
  pending: boolean;
  empty: string;
  filed?: boolean;
}) {
  const headingId = useId();
  return (
    <Card as="section" className="h-100" aria-labelledby={headingId}>
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0" id={headingId}>
          {props.title}
        </h2>
      </Card.Header>
      <ListGroup variant="flush">
        {props.pending && (
          <ListGroup.Item>
            <Spinner animation="border" size="sm" aria-label={`Loading ${props.title.toLowerCase()}`} />
          </ListGroup.Item>
        )}
        {props.entries?.length === 0 && <ListGroup.Item className="text-muted">{props.empty}</ListGroup.Item>}
        {props.entries?.map((entry) => (
          <ListGroup.Item key={entry.id} className="text-break">
            <Link to={pathOf(entry)}>{entry.subject}</Link>
            <div className="small text-muted">
              {entry.client.name}
              {entry.service_name ? ` · ${entry.service_name}` : ''} · {formatIndianDate(entry.happened_on)}
              {props.filed && entry.ack_number ? ` · ARN ${entry.ack_number}` : ''}
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}

/** The two cards: which list of the feed each shows, its title, and what it says when empty. */
const FEEDS = [
  { list: 'filed', title: 'Recently filed', empty: 'Nothing filed yet.', filed: true },
  { list: 'received', title: 'Documents received', empty: 'No documents received yet.', filed: false },
] as const;

/** The MPC's dashboard: the firm's last filings and the documents its clients sent (issue 22). */
export function FirmFeedCards() {
  const feed = useFirmFeed();
  return (
    <>
      <FailureAlert of={feed} />
      <Row className="g-3 mb-3">
        {FEEDS.map(({ list, ...card }) => (
          <Col md={6} key={list}>
            <FeedCard {...card} entries={feed.data?.[list]} pending={feed.isPending} />
          </Col>
        ))}
      </Row>
    </>
  );
}
