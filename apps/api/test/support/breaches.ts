import type { BreachSaveInput } from '@portal/contract/breaches';
import type { ApiCall } from './api-call.js';

/** An entry's form every check lets through: found an hour before the test clock's start (09:00 UTC, 14:30 IST). */
export function breachForm(overrides: Partial<BreachSaveInput> = {}): BreachSaveInput {
  return {
    found_on: '2026-04-01',
    found_time: '13:30',
    description: 'A staff laptop holding client files was stolen from a car in Pune.',
    data_kinds: ['identity', 'pan', 'documents'],
    data_other: null,
    affected: 'everyone',
    affected_ids: [],
    include_staff: false,
    consequences: 'Someone may use your PAN or documents to pretend to be you.',
    measures: 'The laptop was wiped remotely and every password was changed.',
    advice: 'Be wary of calls or mail asking for OTPs or payment in our name.',
    ...overrides,
  };
}

/** Records an entry as `token`'s keeper: its id, or a failed test step. */
export async function recordBreach(call: ApiCall, token: string, overrides: Partial<BreachSaveInput> = {}) {
  const response = await call('POST', '/api/breaches', token, breachForm(overrides));
  if (response.statusCode !== 201) throw new Error(`record: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}
