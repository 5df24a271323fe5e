import { BREACH_DATA_LABELS, type BreachEntry } from '@portal/contract/breaches';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDateTime } from '../../lib/format';
import { BoardReportModal } from './board-report-modal';
import { BreachDeadline } from './breach-deadline';
import { BreachFormModal } from './breach-form-modal';
import { toBreachFormValues } from './breach-form-values';
import { BreachNotices } from './breach-notices';
import { breachQuery, useSaveBreach } from './breaches-api';

/** A field of the entry: its label, then the text as it was typed (line breaks kept). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <dt>{label}</dt>
      <dd className="mb-0 text-break breach-text">{children}</dd>
    </div>
  );
}

function describePeople(entry: BreachEntry, role: 'admin' | 'mpc'): string {
  const whom =
    entry.affected === 'everyone'
      ? role === 'admin'
        ? 'Every firm'
        : 'Every client of the firm'
      : entry.affected_people.map((person) => person.name).join(', ');
  if (!entry.include_staff) return whom;
  return `${whom}; ${role === 'admin' ? "the firms' PCs and executors too" : "the firm's PCs and executors too"}`;
}

/** What each save changed, oldest first: the field, its text before and after, who and when. */
function BreachHistory({ entry }: { entry: BreachEntry }) {
  return (
    <SectionCard id="breach-history-title" title="History of changes" className="mb-3">
      {entry.changes.length === 0 ? (
        <Card.Body className="text-muted">Not changed since it was recorded.</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {entry.changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: changes are only ever added, in order
            <ListGroup.Item key={index}>
              <div className="small text-muted">
                {formatDateTime(change.changed_at)} IST, {change.changed_by?.name ?? 'a removed account'}
              </div>
              <div className="fw-semibold">{change.label}</div>
              <div className="text-break breach-text">
                <span className="text-muted">Was: </span>
                {change.from ?? '—'}
              </div>
              <div className="text-break breach-text">
                <span className="text-muted">Now: </span>
                {change.to ?? '—'}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </SectionCard>
  );
}

/** One entry of the register: its deadline, what it says, its notices and its history. */
export function BreachPage({ role, breachId }: { role: 'admin' | 'mpc'; breachId: number }) {
  const entry = useQuery(breachQuery(breachId));
  const save = useSaveBreach(breachId);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const data = entry.data;
  const found = data ? `${formatDateTime(data.found_at)} IST` : null;
  useDocumentTitle(found ? `Breach found ${found}` : null, 'Breaches');
  return (
    <>
      <p>
        <Link to={`/${role}/breaches`}>Back to the register</Link>
      </p>
      <FailureAlert of={entry} />
      {data && (
        <>
          <h1 className="h4 mb-3">Breach found {found}</h1>
          <SectionCard id="breach-board-title" title="Report to the Data Protection Board" className="mb-3">
            <Card.Body>
              <p>
                <BreachDeadline board={data.board} full />
              </p>
              {data.permissions.record && (
                <Button variant="outline-primary" size="sm" onClick={() => setReporting(true)}>
                  {data.board.reported_on ? 'Change the day reported' : 'Mark reported to the Board'}
                </Button>
              )}
            </Card.Body>
          </SectionCard>
          <SectionCard
            id="breach-entry-title"
            title="What happened"
            className="mb-3"
            aside={
              data.permissions.record && (
                <Button variant="outline-primary" size="sm" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )
            }
          >
            <Card.Body>
              <dl className="mb-0">
                <Fact label="Description">{data.description}</Fact>
                <Fact label="The data affected">
                  {data.data_kinds
                    .map((kind) =>
                      kind === 'other' && data.data_other ? `Other: ${data.data_other}` : BREACH_DATA_LABELS[kind],
                    )
                    .join('; ')}
                </Fact>
                <Fact label="People affected">{describePeople(data, role)}</Fact>
                <Fact label="Likely consequences">{data.consequences}</Fact>
                <Fact label="Measures taken">{data.measures}</Fact>
                <Fact label="What people can do">{data.advice}</Fact>
                <Fact label="Recorded">
                  {formatDateTime(data.created_at)} IST{data.recorded_by ? `, by ${data.recorded_by.name}` : ''}
                </Fact>
              </dl>
            </Card.Body>
          </SectionCard>
          <BreachNotices breachId={data.id} mayNotify={data.permissions.notify} />
          <BreachHistory entry={data} />
          {editing && (
            <BreachFormModal
              role={role}
              show
              initial={toBreachFormValues(data)}
              title="Edit the breach"
              submitLabel="Save"
              send={(body) => save.mutateAsync(body)}
              onClose={() => setEditing(false)}
            />
          )}
          {reporting && <BoardReportModal breachId={data.id} onClose={() => setReporting(false)} />}
        </>
      )}
    </>
  );
}
