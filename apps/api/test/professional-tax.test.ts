import { describe, expect, it } from 'vitest';
import { clientFields, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/** Professional tax is a state's own levy: its rule plans work only for clients of that state (issue 22 item 10). */
describe.each(listTestDialects())('professional tax by state on %s', (dialect) => {
  // The test clock starts on 1 April 2026, 14:30 in India.
  const { t, admin, firm } = useFirmApp('test', dialect);

  it('plans a state’s PT rule only for clients of that state, however the state is written', async () => {
    const payroll = firm.services[0] as number;
    const mpc = await t.signIn(firm.mpc);
    const pune = await createUserThroughApi(
      t,
      mpc,
      clientFields([payroll], { pincode: '411001', city: 'Pune', state: 'maharashtra' }),
    );
    const chennai = await createUserThroughApi(
      t,
      mpc,
      clientFields([payroll], { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' }),
    );
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
});
