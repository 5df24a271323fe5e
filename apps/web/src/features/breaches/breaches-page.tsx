import { BREACH_DATA_LABELS } from '@portal/contract/breaches';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDateTime } from '../../lib/format';
import { BreachDeadline } from './breach-deadline';
import { BreachFormModal } from './breach-form-modal';
import { useBreachRegister, useRecordBreach } from './breaches-api';

/** The first words of what happened, for the register's row. */
const shorten = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/**
 * The breach register (issue 25): the admin's is the platform's, an MPC's its firm's. Each entry with the
 * Board's 72 hours and how many notices went; "Record a breach" opens the form.
 */
export function BreachesPage({ role }: { role: 'admin' | 'mpc' }) {
  useDocumentTitle('Breaches');
  const list = useBreachRegister();
  const record = useRecordBreach();
  const [recording, setRecording] = useState(false);
  const navigate = useNavigate();
  return (
    <TitledCard title={role === 'admin' ? "The platform's breach register" : "The firm's breach register"}>
      <p>
        Record each personal data breach as soon as it is found. The Data Protection Board expects the detailed report
        within 72 hours, and each person affected must be told what happened, what may follow, what was done, what they
        can do and whom to ask (DPDP Rules 2025, rule 7). Entries are never deleted.
      </p>
      <Button className="mb-3" onClick={() => setRecording(true)}>
        Record a breach
      </Button>
      <FailureAlert of={list} />
      <PagedTable
        ariaLabel="Breaches"
        columns={[
          {
            header: 'Found',
            cell: (entry) => <Link to={`/${role}/breaches/${entry.id}`}>{formatDateTime(entry.found_at)} IST</Link>,
            title: true,
          },
          { header: 'What happened', cellClassName: 'text-break', cell: (entry) => shorten(entry.description) },
          {
            header: 'Data',
            cell: (entry) => entry.data_kinds.map((kind) => BREACH_DATA_LABELS[kind].split(' (')[0]).join(', '),
          },
          { header: 'Board report', cell: (entry) => <BreachDeadline board={entry.board} /> },
          { header: 'Notices', cell: (entry) => entry.notices_made },
        ]}
        list={list}
        loadingLabel="Loading breaches"
        emptyText="No breach recorded"
      />
      {recording && (
        <BreachFormModal
          role={role}
          show
          title="Record a breach"
          submitLabel="Record"
          send={(body) => record.mutateAsync(body)}
          onClose={() => setRecording(false)}
          onSaved={(entry) => navigate(`/${role}/breaches/${entry.id}`)}
        />
      )}
    </TitledCard>
  );
}
