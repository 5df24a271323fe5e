import { describe, expect, it } from 'vitest';
import { clientFields, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/** Professional tax is a state's own levy: its rule plans work only for clients of that state (issue 22 item 10). */
describe.each(listTestDialects())('professional tax by state on %s', (dialect) => {
  // The test clock starts on 1 April 2026, 14:30 in India.
  const { t, admin, firm } = useFirmApp('test', dialect);
  /** A client of the firm's payroll service, created by its MPC (signed in as `mpc`), in one state. */
  const createPayrollClient = (mpc: string, address: { pincode: string; city: string; state: string }) =>
    createUserThroughApi(t, mpc, clientFields([firm.services[0] as number], address));

  it('plans a state’s PT rule only for clients of that state, however the state is written', async () => {
    const payroll = firm.services[0] as number;
    const mpc = await t.signIn(firm.mpc);
    const pune = await createPayrollClient(mpc, { pincode: '411001', city: 'Pune', state: 'maharashtra' });
    const chennai = await createPayrollClient(mpc, { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' });
    await tieRule(t, admin.token, 'PT_MAHARASHTRA', payroll);
    await tieRule(t, admin.token, 'PT_KARNATAKA', payroll);
    const planned = (await listAllWork(t)).map((item) => [item.client_id, item.period, item.due_date]);
    // Maharashtra plans from April 2026 (15th of the next month); the firm's own client is in Karnataka (20th).
    expect(planned.filter(([client]) => client === pune.id)).toEqual([
      [pune.id, '2026-04', '2026-05-15'],
      [pune.id, '2026-05', '2026-06-15'],
    ]);
    expect(planned.filter(([client]) => client === firm.client.id)).toEqual([
      [firm.client.id, '2026-03', '2026-04-20'],
      [firm.client.id, '2026-04', '2026-05-20'],
      [firm.client.id, '2026-05', '2026-06-20'],
    ]);
    expect(planned.filter(([client]) => client === chennai.id)).toEqual([]);
  });
  it('plans the states added later only for their own clients: Odisha, Punjab, Gujarat’s smaller employers', async () => {
    const payroll = firm.services[0] as number;
    const mpc = await t.signIn(firm.mpc);
    const cuttack = await createPayrollClient(mpc, { pincode: '753001', city: 'Cuttack', state: 'Orissa' });
    const ludhiana = await createPayrollClient(mpc, { pincode: '141001', city: 'Ludhiana', state: 'Punjab' });
    const surat = await createPayrollClient(mpc, { pincode: '395003', city: 'Surat', state: 'gujarat' });
    const kochi = await createPayrollClient(mpc, { pincode: '682001', city: 'Kochi', state: 'Kerala' });
    for (const code of ['PT_ODISHA', 'PT_PUNJAB', 'PT_GUJARAT_QUARTERLY', 'PT_GUJARAT_ANNUAL', 'PT_BIHAR'])
      await tieRule(t, admin.token, code, payroll);
    const planned = (await listAllWork(t)).map((item) => [item.client_id, item.period, item.due_date]);
    const of = (id: number) => planned.filter(([client]) => client === id);
    // From 1 April 2026 to 90 days ahead: the last day of the month after each salary month.
    expect(of(cuttack.id)).toEqual([
      [cuttack.id, '2026-03', '2026-04-30'],
      [cuttack.id, '2026-04', '2026-05-31'],
      [cuttack.id, '2026-05', '2026-06-30'],
    ]);
    expect(of(ludhiana.id)).toEqual([
      [ludhiana.id, '2026-03', '2026-04-30'],
      [ludhiana.id, '2026-04', '2026-05-31'],
      [ludhiana.id, '2026-05', '2026-06-30'],
    ]);
    // The quarter January-March 2026 and the year's return (Form 5AA) on 15 April; Bihar's rule (15
    // November) falls due for nobody here.
    expect(of(surat.id)).toEqual([
      [surat.id, 'FY2025-26-Q4', '2026-04-15'],
      [surat.id, 'FY2025-26', '2026-04-15'],
    ]);
    expect(of(kochi.id)).toEqual([]);
    expect(of(firm.client.id)).toEqual([]);
  });
});
