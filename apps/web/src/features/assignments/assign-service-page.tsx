import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { MessageAlert } from '../../components/message-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { TitledCard } from '../../components/titled-card';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { useAssignments, useClient, useSaveAssignment, useStaffOptions } from './assignments-api';
import { MpcUsernameForm } from './mpc-username-form';
import { readStaffColumn } from './staff-select';

/** client/assign-service/{id}: who handles each service of a client, saved on every change. */
export function AssignServicePage() {
  useDocumentTitle('Assign Service');
  const clientId = Number(useParams().id);
  const client = useClient(clientId);
  const assignments = useAssignments(clientId);
  const pcs = useStaffOptions('pc');
  const executors = useStaffOptions('executor');
  const save = useSaveAssignment(clientId);
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const [failure, setFailure] = useState<string | null>(null);
  // The switch moves at once; a failed save puts it back.
  const [modeOverride, setModeOverride] = useState<boolean | null>(null);

  // A choice is saved as it is made: the notice says so, a refusal says why.
  const run = async (call: Parameters<typeof save.mutateAsync>[0]): Promise<boolean> => {
    setFailure(null);
    try {
      setNotice((await save.mutateAsync(call)).message);
      return true;
    } catch (error) {
      const { message, errors } = readApiError(error);
      setFailure(Object.values(errors).flat().join(' ') || message);
      return false;
    }
  };

  // An id that is no id, out of reach or not a client's reads as one thing, not as a validator's words.
  const failedWith = client.isError || assignments.isError ? readApiError(client.error ?? assignments.error) : null;
  const wrongKind = client.data && client.data.user_role.name !== 'client';
  if (
    !Number.isInteger(clientId) ||
    clientId <= 0 ||
    wrongKind ||
    failedWith?.status === 404 ||
    failedWith?.status === 422
  )
    return <MessageAlert variant="danger" messages="Client not found." />;
  if (failedWith) return <MessageAlert variant="danger" messages={failedWith.message} />;
  if (!client.data || !assignments.data)
    return <Spinner animation="border" role="status" aria-label="Loading assignments" />;
  const toStaff = modeOverride ?? client.data.assign_service_type;
  const switchMode = async (next: boolean) => {
    setModeOverride(next);
    const saved = await run({ kind: 'type', body: { client_id: clientId, assign_service_type: next } });
    if (!saved) setModeOverride(null);
  };
  return (
    <TitledCard
      title={
        <>
          Assign Service: {client.data.first_name} {client.data.last_name}
        </>
      }
    >
      {noticeAlert}
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <Form.Check
        type="switch"
        id="assign-mode"
        className="mb-3"
        label="PC/Executor"
        aria-describedby="assign-mode-help"
        checked={toStaff}
        onChange={(event) => switchMode(event.target.checked)}
      />
      <p id="assign-mode-help" className="text-muted small">
        {toStaff
          ? 'Each service goes to a PC and an executor of your firm.'
          : "Each service goes to another firm's MPC, by username."}
      </p>
      <DataTable
        columns={[
          { header: 'Service', cell: (row) => row.service_name, title: true },
          toStaff &&
            readStaffColumn('pc', pcs.data ?? [], (row, id) =>
              run({ kind: 'pc', body: { client_id: clientId, service_id: row.service_id, pc_id: id } }),
            ),
          toStaff &&
            readStaffColumn('executor', executors.data ?? [], (row, id) =>
              run({ kind: 'executor', body: { client_id: clientId, service_id: row.service_id, executor_id: id } }),
            ),
          !toStaff && {
            header: 'MPC username',
            cell: (row) => <MpcUsernameForm clientId={clientId} row={row} onSaved={setNotice} />,
          },
        ]}
        rows={assignments.data}
        loading={false}
        loadingLabel="Loading assignments"
        layout="rows"
        rowKey={(row) => row.service_id}
      />
    </TitledCard>
  );
}
