import type { BreachEntry } from '@portal/contract/breaches';
import { describe, expect, it } from 'vitest';
import { EMPTY_BREACH, toBreachBody, toBreachFormValues } from './breach-form-values';

const ENTRY = {
  id: 4,
  register: 'firm',
  // 00:15 on 2 April in India is still 1 April in UTC.
  found_at: '2026-04-01T18:45:00.000Z',
  description: 'Lost drive',
  data_kinds: ['pan', 'other'],
  data_other: 'Ledgers',
  affected: 'chosen',
  include_staff: true,
  consequences: 'Misuse',
  measures: 'Wiped',
  advice: 'Watch 26AS',
  affected_people: [{ id: 12, name: 'Asha Rao' }],
} as unknown as BreachEntry;

describe('the breach form’s values', () => {
  it('shows a stored moment as India’s date and time, and the people chosen by id', () => {
    expect(toBreachFormValues(ENTRY)).toMatchObject({
      found_on: '02/04/2026',
      found_time: '00:15',
      data_kinds: ['pan', 'other'],
      data_other: 'Ledgers',
      affected_ids: [12],
      include_staff: true,
    });
  });

  it('sends the typed date as ISO, and neither other data nor people the choices left out', () => {
    expect(
      toBreachBody({
        ...EMPTY_BREACH,
        found_on: ' 2/4/2026 ',
        found_time: '00:15',
        data_kinds: ['pan'],
        data_other: 'left over',
        affected: 'everyone',
        affected_ids: [12],
      }),
    ).toMatchObject({ found_on: '2026-04-02', data_other: null, affected_ids: [] });
    expect(toBreachBody({ ...EMPTY_BREACH, found_on: 'yesterday' }).found_on).toBe('yesterday');
  });
});
