import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router';
import { CountCard } from '../../components/count-card';
import { FailureAlert } from '../../components/failure-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useOwnServices, useRecentFiles, useRoleSummaries, useSharedServices } from './dashboard-api';
import { FirmFeedCards } from './firm-feed-cards';

/**
 * Every area's landing page: one card per role the caller reaches, "Total {role name}s"; `extra` is what
 * other features add for the role (the router composes it: the work dashboards).
 */
export function DashboardPage({ extra = null }: { extra?: ReactNode }) {
  useDocumentTitle('Dashboard');
  const session = useSession();
  const location = useLocation();
  // A save elsewhere (e.g. an edit) lands here with its success message.
  const { alert: noticeAlert } = useSuccessNotice((location.state as { notice?: string } | null)?.notice ?? null);
  const summaries = useRoleSummaries();
  const isClient = session?.role === 'client';
  const services = useOwnServices(session?.user.id ?? 0, isClient);
  const recentFiles = useRecentFiles(isClient);
  // Services other firms handed the MPC, and to its PC or executor those it was handed work of (0047).
  const staff = session?.role === 'mpc' || session?.role === 'pc' || session?.role === 'executor';
  const shared = useSharedServices(staff);
  if (!session) return null;
  return (
    <section>
      <h1 className="h3 mb-3">Dashboard</h1>
      {noticeAlert}
      <FailureAlert of={summaries} />
      {session.role === 'mpc' && <FirmFeedCards />}
      {extra}
      {isClient && (
        <Card>
          <Card.Header className="bg-white">
            <h2 className="h5 mb-0">My Services</h2>
          </Card.Header>
          <ListGroup variant="flush">
            {services.isPending && (
              <ListGroup.Item>
                <Spinner animation="border" size="sm" aria-label="Loading services" />
              </ListGroup.Item>
            )}
            {services.data?.length === 0 && <ListGroup.Item className="text-muted">No records found</ListGroup.Item>}
            {services.data?.map((service) => (
              <ListGroup.Item key={service.service_id}>{service.service_name}</ListGroup.Item>
            ))}
          </ListGroup>
        </Card>
      )}
      {isClient && (
        <Card className="mt-3">
          <Card.Header className="bg-white">
            <h2 className="h5 mb-0">Recent Files</h2>
          </Card.Header>
          <ListGroup variant="flush">
            {recentFiles.data?.length === 0 && <ListGroup.Item className="text-muted">No files yet.</ListGroup.Item>}
            {recentFiles.data?.map((file) => (
              <ListGroup.Item key={file.file_id} className="d-flex justify-content-between align-items-center gap-2">
                <Link to={`/client/file/${file.service_id}/${file.folder_id}`}>{file.file_name}</Link>
                <a href={file.download_url} download className="small">
                  Download
                </a>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </Card>
      )}
      {(shared.data?.length ?? 0) > 0 && (
        <Card className="mb-3">
          <Card.Header className="bg-white">
            <h2 className="h5 mb-0">Shared with you by other firms</h2>
          </Card.Header>
          <ListGroup variant="flush">
            {shared.data?.map((entry) => (
              <ListGroup.Item key={`${entry.client_id}-${entry.service_id}`}>
                <Link to={`/${session.role}/client/file/${entry.client_id}/${entry.service_id}`}>
                  {entry.client_name}: {entry.service_name}
                </Link>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </Card>
      )}
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
