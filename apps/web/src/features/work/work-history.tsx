import type { PersonRef } from '@portal/contract/person-ref';
import { formatIndianDate } from '@portal/contract/plain-dates';
import type { WorkHistoryEntry } from '@portal/contract/work';
import ListGroup from 'react-bootstrap/ListGroup';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/format';

const FIELD_NAMES: Record<string, string> = {
  status: 'status',
  assignee: 'assignee',
  title: 'title',
  due_date: 'due date',
  event_date: 'AGM date',
  filed_on: 'filing date',
  ack_number: 'acknowledgement number',
  notes: 'notes',
  reviewer: 'reviewer',
  review_note: 'review note',
};
const DATE_FIELDS = new Set(['due_date', 'event_date', 'filed_on']);

function describeValue(entry: WorkHistoryEntry, side: 'from' | 'to'): string {
  const label = side === 'from' ? entry.from_label : entry.to_label;
  if (label === null) return 'nothing';
  return DATE_FIELDS.has(entry.field) ? formatIndianDate(label) : label;
}

/** One change in words; the review's own read as what happened ("Verified by X", "X noted: …"). */
function HistoryLine({ entry }: { entry: WorkHistoryEntry }) {
  const who = entry.actor?.name ?? 'The portal';
  if (entry.field === 'status' && entry.from === 'under_review' && entry.to === 'verified')
    return <>Verified by {who}</>;
  if (entry.field === 'review_note' && entry.to !== null)
    return (
      <>
        {who} noted: <q>{entry.to}</q>
      </>
    );
  return (
    <>
      {who} changed the {FIELD_NAMES[entry.field] ?? entry.field} from <strong>{describeValue(entry, 'from')}</strong>{' '}
      to <strong>{describeValue(entry, 'to')}</strong>
    </>
  );
}

type WorkHistoryProps = { entries: WorkHistoryEntry[]; createdAt: string; createdBy: PersonRef | null };

/** Every change of the item, oldest first: who, when, what from, what to. */
export function WorkHistory({ entries, createdAt, createdBy }: WorkHistoryProps) {
  return (
    <SectionCard id="work-history-title" title="History" className="mt-3">
      <ListGroup variant="flush" as="ol">
        <ListGroup.Item as="li" className="small">
          <span className="text-muted">{formatDateTime(createdAt)}</span> · Added by{' '}
          {createdBy ? createdBy.name : 'the portal, from the statutory calendar'}
        </ListGroup.Item>
        {entries.map((entry) => (
          <ListGroup.Item as="li" key={entry.id} className="small">
            <span className="text-muted">{formatDateTime(entry.at)}</span> · <HistoryLine entry={entry} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </SectionCard>
  );
}
