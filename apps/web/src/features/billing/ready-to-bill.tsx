import { FEE_BASIS_LABELS } from '@portal/contract/billing';
import { formatRupees } from '@portal/contract/billing-money';
import type { ReadyDraftsAnswer, ReadyEntry, ReadySelection } from '@portal/contract/billing-ready';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable, readPagedRows } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { AMOUNT_COLUMN } from './amount-column';
import { type ReadyKind, useCreateReadyDrafts, useReadyList } from './ready-api';

/** An entry's key in the selection: its work item, or its client service's period. */
export const readyKeyOf = (entry: ReadyEntry) =>
  entry.work_item_id !== null
    ? `w${entry.work_item_id}`
    : `p${entry.client_id}:${entry.service_id}:${entry.period_key}`;

/** What the drafts request names of an entry. */
const selectionOf = (entry: ReadyEntry): ReadySelection =>
  entry.work_item_id !== null
    ? { work_item_id: entry.work_item_id }
    : { client_id: entry.client_id, service_id: entry.service_id, period_key: entry.period_key ?? '' };

type Chosen = Map<string, ReadyEntry>;

type ReadyListProps = { kind: ReadyKind; chosen: Chosen; onChange: (chosen: Chosen) => void };

const LIST_TITLES: Record<ReadyKind, string> = { work: 'Work items', fees: 'Retainers and one-off fees' };

/** One of the two lists, each row a checkbox, "Select all shown" over what is read so far. */
function ReadyList({ kind, chosen, onChange }: ReadyListProps) {
  const list = useReadyList(kind);
  const shown = readPagedRows(list) ?? [];
  const allChosen = shown.length > 0 && shown.every((entry) => chosen.has(readyKeyOf(entry)));
  const toggle = (entries: ReadyEntry[], on: boolean) => {
    const next = new Map(chosen);
    for (const entry of entries) {
      if (on) next.set(readyKeyOf(entry), entry);
      else next.delete(readyKeyOf(entry));
    }
    onChange(next);
  };
  const isWork = kind === 'work';
  return (
    <section className="mb-4" aria-labelledby={`ready-${kind}-title`}>
      <h3 id={`ready-${kind}-title`} className="h6">
        {LIST_TITLES[kind]}
      </h3>
      <FailureAlert of={list} />
      <Form.Check
        id={`ready-${kind}-all`}
        className="mb-2"
        label="Select all shown"
        checked={allChosen}
        disabled={shown.length === 0}
        onChange={(event) => toggle(shown, event.target.checked)}
      />
      <PagedTable
        ariaLabel={LIST_TITLES[kind]}
        columns={[
          {
            header: <span className="visually-hidden">Chosen</span>,
            cell: (entry) => (
              <Form.Check
                id={`ready-${readyKeyOf(entry)}`}
                aria-label={`Bill ${entry.client_name}: ${entry.title}`}
                checked={chosen.has(readyKeyOf(entry))}
                onChange={(event) => toggle([entry], event.target.checked)}
              />
            ),
          },
          { header: 'Client', cell: (entry) => entry.client_name },
          { header: 'Service', cell: (entry) => entry.service_name },
          { header: isWork ? 'Work item' : 'Period', cell: (entry) => entry.title },
          {
            header: isWork ? 'Status' : 'Charged',
            cell: (entry) =>
              isWork
                ? `${WORK_STATUS_LABELS[entry.status as WorkStatus] ?? entry.status}${
                    entry.closed_on ? ` ${formatIndianDate(entry.closed_on)}` : ''
                  }`
                : FEE_BASIS_LABELS[entry.basis],
          },
          { header: 'Fee', ...AMOUNT_COLUMN, cell: (entry) => formatRupees(entry.amount_paise) },
        ]}
        list={list}
        loadingLabel={`Loading ${LIST_TITLES[kind].toLowerCase()}`}
        emptyText={isWork ? 'No filed or completed work waits to be billed' : 'No fee waits to be billed'}
        rowKey={readyKeyOf}
      />
    </section>
  );
}

type DraftsResultProps = { role: string; answer: ReadyDraftsAnswer; clientNames: Map<number, string> };

/** Which drafts were made (each leading to its page) and which clients were refused, with why. */
function DraftsResult({ role, answer, clientNames }: DraftsResultProps) {
  const nameOf = (clientId: number) => clientNames.get(clientId) ?? `Client #${clientId}`;
  return (
    <div aria-live="polite">
      {answer.made.length > 0 && (
        <Alert variant="success">
          <p className="mb-1">Drafts made:</p>
          <ul className="mb-0">
            {answer.made.map((made) => (
              <li key={made.invoice_id}>
                <Link className="alert-link" to={`/${role}/billing/invoices/${made.invoice_id}`}>
                  Draft #{made.invoice_id} for {nameOf(made.client_id)}
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {answer.refused.length > 0 && (
        <Alert variant="warning">
          <p className="mb-1">No draft for:</p>
          <ul className="mb-0">
            {answer.refused.map((refused) => (
              <li key={refused.client_id}>
                {nameOf(refused.client_id)}: {refused.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

/**
 * Ready to bill: filed or completed work charged per item and retainer periods or one-off fees no invoice
 * covers yet; the chosen ones become one draft invoice per client.
 */
export function ReadyToBill({ role }: { role: string }) {
  useDocumentTitle('Ready to bill');
  const [chosen, setChosen] = useState<Chosen>(new Map());
  const [outcome, setOutcome] = useState<{ answer: ReadyDraftsAnswer; clientNames: Map<number, string> } | null>(null);
  const create = useCreateReadyDrafts();
  const entries = [...chosen.values()];
  const total = entries.reduce((sum, entry) => sum + entry.amount_paise, 0);
  const createDrafts = async () => {
    const clientNames = new Map(entries.map((entry) => [entry.client_id, entry.client_name]));
    const answer = await create.mutateAsync({ entries: entries.map(selectionOf) }).catch(() => null);
    if (!answer) return;
    setOutcome({ answer, clientNames });
    setChosen(new Map());
  };
  return (
    <TitledCard title="Ready to bill" heading="h2">
      {outcome && <DraftsResult role={role} {...outcome} />}
      <FailureAlert of={create} />
      <ReadyList kind="work" chosen={chosen} onChange={setChosen} />
      <ReadyList kind="fees" chosen={chosen} onChange={setChosen} />
      <div className="d-flex flex-wrap align-items-center gap-3 border-top pt-3">
        <p className="mb-0" data-testid="ready-total" aria-live="polite">
          {entries.length} chosen, {formatRupees(total)} before GST
        </p>
        <BusyButton
          busy={create.isPending}
          busyLabel="Creating drafts"
          disabled={entries.length === 0}
          onClick={createDrafts}
        >
          Create drafts
        </BusyButton>
      </div>
    </TitledCard>
  );
}
