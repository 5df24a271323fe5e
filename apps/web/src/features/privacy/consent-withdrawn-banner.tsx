import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';

/** Over every page of a client that withdrew its consent: it may read, and how to give consent again. */
export function ConsentWithdrawnBanner({ withdrawnAt }: { withdrawnAt: string }) {
  return (
    <Alert variant="warning" className="mb-3">
      You withdrew your consent on {formatDateTime(withdrawnAt)} IST. You can read your records but not change or add
      anything. To give your consent again, accept the privacy notice in your <Link to="/client/profile">Profile</Link>.
    </Alert>
  );
}
