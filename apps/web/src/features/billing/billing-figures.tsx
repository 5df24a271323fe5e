import { formatRupees } from '@portal/contract/billing-money';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CountCard } from '../../components/count-card';
import { FailureAlert } from '../../components/failure-alert';
import { useBillingSummary } from './ready-api';

type BillingFiguresProps = {
  role: string;
  /** The figures of the financial year too (Reports); the dashboard shows this month's. */
  withYear?: boolean;
  /** Read only when the caller bills (the dashboard of staff the MPC has not let bill shows none). */
  enabled?: boolean;
};

/**
 * The firm's billing figures as cards, each leading to the Billing section it sums: billed and collected,
 * outstanding, and the fees of work ready to bill.
 */
export function BillingFigures({ role, withYear = false, enabled = true }: BillingFiguresProps) {
  const summary = useBillingSummary(enabled);
  if (!enabled) return null;
  if (!summary.data) return <FailureAlert of={summary} />;
  const { month, financial_year, outstanding_paise, unbilled_paise } = summary.data;
  const base = `/${role}/billing`;
  const cards = [
    { title: 'Billed this month', paise: month.billed_paise, to: base },
    { title: 'Collected this month', paise: month.collected_paise, to: `${base}/receipts` },
    ...(withYear
      ? [
          { title: 'Billed this financial year', paise: financial_year.billed_paise, to: base },
          { title: 'Collected this financial year', paise: financial_year.collected_paise, to: `${base}/receipts` },
        ]
      : []),
    { title: 'Outstanding', paise: outstanding_paise, to: `${base}/outstanding` },
    { title: 'Ready to bill', paise: unbilled_paise, to: `${base}/ready` },
  ];
  return (
    <Row className="g-3 mb-3" aria-label="Billing figures" role="group">
      {cards.map((card) => (
        <Col xs={12} sm={6} lg={withYear ? 4 : 3} key={card.title}>
          <CountCard title={card.title} count={formatRupees(card.paise)} to={card.to} />
        </Col>
      ))}
    </Row>
  );
}
