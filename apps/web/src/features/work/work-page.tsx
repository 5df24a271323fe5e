import type { RoleName } from '@portal/contract/roles';
import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import { useNavigate } from 'react-router';
import { DownloadButton } from '../../components/download-button';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { Pager } from '../../components/pager';
import { useSuccessNotice } from '../../components/success-notice';
import { useDownload } from '../../components/use-download';
import { useDocumentTitle } from '../../lib/document-title';
import { NewWorkItemModal } from './new-work-item-modal';
import { downloadWorkCsv, useWorkAssignees, useWorkList, type WorkQuery } from './work-api';
import { WorkBoard } from './work-board';
import { WorkBulkBar } from './work-bulk-bar';
import { WorkFilters } from './work-filters';
import { stepCursorOf, toWorkQuery, useWorkListState } from './work-list-params';
import { isSelectable, WorkTable } from './work-table';

/** The two ways to see the work, each a toggle of the View group. */
const WORK_VIEWS = [
  ['list', 'List'],
  ['board', 'Board'],
] as const;

/**
 * The Work tab (MPC, PC, executor): the firm's filings and tasks, still-to-do first by due date, as a
 * list or a board by status, with filters kept in the address, bulk changes, one-off items and the
 * CSV of what the filters select. With `clientId`, the same screen holds to one client's work (the
 * client's own Work tab).
 */
export function WorkPage({ role, clientId }: { role: RoleName; clientId?: number }) {
  useDocumentTitle('Work');
  const navigate = useNavigate();
  const [state, update] = useWorkListState();
  const numbered = useMemo(
    () => toWorkQuery(clientId === undefined ? state : { ...state, clientId: String(clientId) }),
    [state, clientId],
  );
  // A step to the next or previous page names the row it leaves from, for the list it was taken in.
  const [step, setStep] = useState<{ to: WorkQuery; cursor: ReturnType<typeof stepCursorOf> } | null>(null);
  const query = useMemo(
    () => ({ ...numbered, ...(step && JSON.stringify(step.to) === JSON.stringify(numbered) ? step.cursor : {}) }),
    [numbered, step],
  );
  const list = useWorkList(query);
  const assignees = useWorkAssignees(true);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const [failures, setFailures] = useState<string[] | null>(null);
  const [adding, setAdding] = useState(false);
  const lastPage = list.data?.last_page ?? 1;

  // Another page or filter: the selection was of rows no longer shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the query changes
  useEffect(() => setSelected(new Set()), [query]);
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage) update({ page: lastPage });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(new Set(checked ? (list.data?.data ?? []).filter(isSelectable).map((row) => row.id) : []));
  const download = useDownload();

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        {clientId === undefined ? <h1 className="h3 mb-0">Work</h1> : <h1 className="h4 mb-0">Work of this client</h1>}
        <div className="d-flex flex-wrap gap-2">
          <ButtonGroup aria-label="View">
            {WORK_VIEWS.map(([view, label]) => (
              <Button
                key={view}
                variant={state.view === view ? 'primary' : 'outline-primary'}
                aria-pressed={state.view === view}
                onClick={() => update({ view })}
              >
                {label}
              </Button>
            ))}
          </ButtonGroup>
          <DownloadButton
            variant="outline-secondary"
            download={download}
            name="csv"
            rows={list.data?.total_capped ? undefined : list.data?.total}
            fetchFile={(onTransfer) => downloadWorkCsv(query, onTransfer)}
          >
            Export CSV
          </DownloadButton>
          <Button onClick={() => setAdding(true)}>Add work item</Button>
        </div>
      </div>
      {noticeAlert}
      <MessageAlert variant="danger" messages={failures} onClose={() => setFailures(null)} />
      <MessageAlert variant="danger" messages={download.failure} onClose={download.clearFailure} />
      <FailureAlert of={list} />
      <Card>
        <Card.Body>
          <WorkFilters state={state} assignees={assignees.data ?? []} onChange={update} />
          {state.view === 'list' ? (
            <>
              {selected.size > 0 && (
                <WorkBulkBar
                  selected={[...selected]}
                  reviewable={(list.data?.data ?? []).every((row) => !selected.has(row.id) || row.permissions.review)}
                  assignees={assignees.data ?? []}
                  onDone={({ changed, failures: refused }) => {
                    setNotice(`${changed} ${changed === 1 ? 'item' : 'items'} changed.`);
                    setFailures(refused.length > 0 ? refused : null);
                    setSelected(new Set());
                  }}
                />
              )}
              <WorkTable
                role={role}
                rows={list.data?.data}
                loading={list.isPending}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
              />
              <Pager
                page={state.page}
                lastPage={lastPage}
                onChange={(page) => {
                  setStep({ to: { ...numbered, page }, cursor: stepCursorOf(state.page, page, list.data?.data) });
                  update({ page });
                }}
                label="Work pages"
                total={list.data?.total ?? 0}
                totalCapped={list.data?.total_capped ?? false}
                perPage={list.data?.per_page ?? 20}
              />
            </>
          ) : (
            <WorkBoard
              role={role}
              rows={list.data?.data}
              loading={list.isPending}
              total={list.data?.total ?? 0}
              totalCapped={list.data?.total_capped ?? false}
            />
          )}
        </Card.Body>
      </Card>
      <NewWorkItemModal
        show={adding}
        assignees={assignees.data ?? []}
        onClose={() => setAdding(false)}
        onCreated={(message, id) => {
          setAdding(false);
          navigate(`/${role}/work/${id}`, { state: { notice: message } });
        }}
      />
    </section>
  );
}
