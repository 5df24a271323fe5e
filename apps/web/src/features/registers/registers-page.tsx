import { DSC_EXPIRY_WINDOW_DAYS } from '@portal/contract/registers';
import type { RoleName } from '@portal/contract/roles';
import { useSearchParams } from 'react-router';
import { DscRegister } from './dsc-register';
import { UdinRegister } from './udin-register';

/** The staff's Registers tab: certificates by expiry, then the UDIN register of signed work. */
export function RegistersPage({ role }: { role: RoleName }) {
  const [params, setParams] = useSearchParams();
  const days = params.get('dsc') === 'all' ? null : DSC_EXPIRY_WINDOW_DAYS;
  const filter = (['missing', 'overdue'] as const).find((value) => value === params.get('udin')) ?? 'all';
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        current.set(key, value);
        return current;
      },
      { replace: true },
    );
  return (
    <>
      <h1 className="h4 mb-3">Registers</h1>
      <DscRegister role={role} days={days} onDays={(value) => set('dsc', value === null ? 'all' : 'soon')} />
      <UdinRegister role={role} filter={filter} onFilter={(value) => set('udin', value)} />
    </>
  );
}
