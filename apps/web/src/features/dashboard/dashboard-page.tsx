import Card from 'react-bootstrap/Card';
import { useSession } from '../../lib/session';

/** Every area's landing page; the role summaries of spec section 3 are added with the people work. */
export function DashboardPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <section>
      <h1 className="h3 mb-3">Dashboard</h1>
      <Card>
        <Card.Body>
          Welcome, {session.user.first_name} {session.user.last_name}.
        </Card.Body>
      </Card>
    </section>
  );
}
