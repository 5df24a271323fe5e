import { DSC_CLASS_LABELS, DSC_EXPIRY_WINDOW_DAYS } from '@portal/contract/registers';
import type { RoleName } from '@portal/contract/roles';
import { Link } from 'react-router';
import { DSC_STATE_COLUMNS } from './dsc-badges';
import { RegisterCard } from './register-card';
import { useDscRegister } from './registers-api';

type DscRegisterProps = { role: RoleName; days: number | null; onDays: (days: number | null) => void };

const WINDOW_LABELS = {
  soon: `Expiring in ${DSC_EXPIRY_WINDOW_DAYS} days (and expired)`,
  all: 'All certificates',
};

/** The firm's certificates the viewer keeps, soonest expiry first; expiring within 30 days, or all. */
export function DscRegister({ role, days, onDays }: DscRegisterProps) {
  const list = useDscRegister(days);
  return (
    <RegisterCard
      title="DSC register"
      show={{
        id: 'dsc-window',
        value: days === null ? 'all' : 'soon',
        labels: WINDOW_LABELS,
        onChoose: (value) => onDays(value === 'all' ? null : DSC_EXPIRY_WINDOW_DAYS),
      }}
      list={list}
      columns={[
        {
          header: 'Client',
          cell: (dsc) => <Link to={`/${role}/client/detail/${dsc.client_id}`}>{dsc.client_name}</Link>,
          title: true,
        },
        { header: 'Holder', cell: (dsc) => dsc.holder_name },
        { header: 'Class', cell: (dsc) => DSC_CLASS_LABELS[dsc.class] },
        ...DSC_STATE_COLUMNS,
      ]}
      loadingLabel="Loading certificates"
    />
  );
}
