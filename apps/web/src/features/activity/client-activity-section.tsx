import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { ActivityList } from './activity-list';

type ClientActivitySectionProps = {
  clientId: number;
  /** Where the whole log opens filtered to this client, for whoever has the Activity screen. */
  activityPath?: string;
};

/** A client's detail page: what was done about the client, newest first, to staff who may see it. */
export function ClientActivitySection({ clientId, activityPath }: ClientActivitySectionProps) {
  return (
    <Card>
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center justify-content-between bg-white">
        <h2 className="h5 mb-0">Activity</h2>
        {activityPath && (
          <Link to={activityPath} className="small">
            Filter in Activity
          </Link>
        )}
      </Card.Header>
      <Card.Body>
        <ActivityList filters={{ client_id: String(clientId) }} limit={10} showClient={false} label="Client activity" />
      </Card.Body>
    </Card>
  );
}
