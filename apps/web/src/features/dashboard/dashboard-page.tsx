import { useCallback, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation } from 'react-router';
import { CountCard } from '../../components/count-card';
import { MessageAlert } from '../../components/message-alert';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import { useRoleSummaries } from './dashboard-api';

/** Every area's landing page: one card per role the caller reaches, "Total {role name}s". */
export function DashboardPage() {
  const session = useSession();
  const location = useLocation();
  // A save elsewhere (e.g. an edit) lands here with its success message.
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const closeNotice = useCallback(() => setNotice(null), []);
  const summaries = useRoleSummaries();
  if (!session) return null;
  return (
    <section>
      <h1 className="h3 mb-3">Dashboard</h1>
      <MessageAlert variant="success" messages={notice} onClose={closeNotice} autoCloseMs={NOTICE_AUTO_CLOSE_MS} />
      {summaries.isError && <MessageAlert variant="danger" messages={readApiError(summaries.error).message} />}
      {summaries.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading totals" />
      ) : (
        <Row className="g-3">
          {(summaries.data ?? []).map((summary) => (
            <Col sm={6} lg={3} key={summary.role_id}>
              <CountCard title={`Total ${summary.name}s`} count={summary.user_count} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
