import { formatIndianDate } from '@portal/contract/plain-dates';
import { DSC_EXPIRY_WINDOW_DAYS } from '@portal/contract/registers';
import type { RoleName } from '@portal/contract/roles';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CountCard } from '../../components/count-card';
import { useRegisterSummary } from './registers-api';

/** The dashboard's registers: DSCs expiring in 30 days and UDINs missing, each leading to its register. */
export function RegistersDashboard({ role }: { role: RoleName }) {
  const summary = useRegisterSummary();
  if (!summary.data) return null;
  const { dsc_expiring, udin_missing, udin_overdue, expiring } = summary.data;
  return (
    <Row className="g-3 mb-3">
      <Col xs={6} lg={3}>
        <CountCard
          title={`DSCs expiring in ${DSC_EXPIRY_WINDOW_DAYS} days`}
          count={dsc_expiring}
          to={`/${role}/registers`}
          danger
        />
      </Col>
      <Col xs={6} lg={3}>
        <CountCard
          title="UDINs missing"
          count={udin_missing}
          to={`/${role}/registers?udin=missing`}
          danger={udin_overdue > 0}
        />
      </Col>
      {expiring.length > 0 && (
        <Col xs={12} lg={6}>
          <ul className="list-unstyled small mb-0" aria-label="DSCs expiring soon">
            {expiring.map((dsc) => (
              <li key={dsc.id}>
                {dsc.holder_name} ({dsc.client_name}): {formatIndianDate(dsc.valid_until)}
              </li>
            ))}
          </ul>
        </Col>
      )}
    </Row>
  );
}
