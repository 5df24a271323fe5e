import { formatIndianDate } from '@portal/contract/plain-dates';
import { DSC_CUSTODY_LABELS, type DscCertificate } from '@portal/contract/registers';
import Badge from 'react-bootstrap/Badge';
import type { DataColumn } from '../../components/data-table';

/** "20/04/2026" with "Expires in 19 days" or "Expired" beside it when that needs doing soon. */
export function DscExpiry({ dsc }: { dsc: DscCertificate }) {
  return (
    <>
      {formatIndianDate(dsc.valid_until)} {dsc.expired && <Badge bg="danger">Expired</Badge>}
      {dsc.expiring && (
        <Badge bg="warning" text="dark">
          {dsc.days_left === 0 ? 'Expires today' : `Expires in ${dsc.days_left} days`}
        </Badge>
      )}
    </>
  );
}

/** Who keeps the token now, with the latest move's date. */
export function DscCustody({ dsc }: { dsc: DscCertificate }) {
  const last = dsc.custody_events[dsc.custody_events.length - 1];
  return (
    <>
      {DSC_CUSTODY_LABELS[dsc.custody]}
      {last && <span className="text-muted small"> since {formatIndianDate(last.on_date)}</span>}
    </>
  );
}

/** The expiry and custody columns every list of certificates ends its rows with. */
export const DSC_STATE_COLUMNS: DataColumn<DscCertificate>[] = [
  { header: 'Valid until', cell: (dsc) => <DscExpiry dsc={dsc} /> },
  { header: 'Kept by', cell: (dsc) => <DscCustody dsc={dsc} /> },
];
