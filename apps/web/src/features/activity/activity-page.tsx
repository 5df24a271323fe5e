import type { RoleName } from '@portal/contract/roles';
import type { User } from '@portal/contract/users';
import Card from 'react-bootstrap/Card';
import { Download } from 'react-bootstrap-icons';
import { DownloadButton } from '../../components/download-button';
import { MessageAlert } from '../../components/message-alert';
import { useDownload } from '../../components/use-download';
import { useDocumentTitle } from '../../lib/document-title';
import { downloadActivityCsv, usePeopleOptions } from './activity-api';
import { ActivityFilters, type PeopleGroup } from './activity-filters';
import { ActivityList } from './activity-list';
import { useActivityFilters } from './activity-params';

type ActivityPageProps = {
  /** The admin reads the platform's events, an MPC its firm's (the server decides; this picks the filters). */
  role: Extract<RoleName, 'admin' | 'mpc'>;
  me: User;
};

const PEOPLE_ROLES = { admin: ['mpc'], mpc: ['pc', 'executor', 'client'] } as const;
const GROUP_LABELS: Record<string, string> = { mpc: 'MPCs', pc: 'PCs', executor: 'Executors', client: 'Clients' };

/** Activity: who did what, when and from where, filtered, paged and downloadable as CSV. */
export function ActivityPage({ role, me }: ActivityPageProps) {
  useDocumentTitle('Activity');
  const [filters, apply] = useActivityFilters();
  const options = usePeopleOptions([...PEOPLE_ROLES[role]]);
  const download = useDownload();
  const lists = options.data ?? [];
  const people: PeopleGroup[] = [
    {
      label: 'You',
      people: [{ id: me.id, first_name: me.first_name, last_name: me.last_name, username: me.username }],
    },
    ...lists.map((list) => ({ label: GROUP_LABELS[list.role] ?? list.role, people: list.people })),
  ];
  const clients = role === 'mpc' ? (lists.find((list) => list.role === 'client')?.people ?? []) : undefined;

  return (
    <section>
      <Card>
        <Card.Header className="d-flex flex-wrap gap-2 align-items-center justify-content-between bg-white">
          <h1 className="h5 mb-0">Activity</h1>
          <div className="d-flex flex-wrap gap-2">
            <DownloadButton
              size="sm"
              variant="outline-primary"
              download={download}
              name="csv"
              fetchFile={(onTransfer) => downloadActivityCsv(filters, onTransfer)}
            >
              <Download aria-hidden className="me-1" /> Download CSV
            </DownloadButton>
          </div>
        </Card.Header>
        <Card.Body>
          <p className="text-muted small">
            {role === 'admin'
              ? 'Sign-ins of admins and MPCs, changes to MPCs and services. Times are India time.'
              : 'Everything done in your firm: sign-ins, people, files and folders, assignments. Times are India time.'}
          </p>
          <MessageAlert variant="danger" messages={download.failure} onClose={download.clearFailure} />
          <ActivityFilters
            filters={filters}
            audience={role === 'admin' ? 'platform' : 'firm'}
            people={people}
            clients={clients}
            onApply={apply}
          />
          <ActivityList
            key={JSON.stringify(filters)}
            filters={filters}
            limit={25}
            showClient={role === 'mpc'}
            label="Activity"
          />
        </Card.Body>
      </Card>
    </section>
  );
}
