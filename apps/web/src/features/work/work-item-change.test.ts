import { type WorkItem, workUpdateSchema } from '@portal/contract/work';
import { describe, expect, it } from 'vitest';
import { buildChange, workItemValues } from './work-item-change';

const ruleItem = {
  id: 7,
  title: 'GSTR-3B April 2026',
  status: 'pending',
  due_date: '2026-05-20',
  filed_on: null,
  ack_number: null,
  rule_id: 3,
  event_name: null,
  event_date: null,
  assignee: { id: 21, name: 'Pooja PC' },
  notes: null,
} as unknown as WorkItem;
const oneOff = { ...ruleItem, rule_id: null, title: 'Reply to notice' } as WorkItem;
const withEvent = { ...ruleItem, event_name: 'Incorporation', event_date: '2026-04-01' } as WorkItem;

describe('buildChange', () => {
  it('sends nothing when nothing was changed', () => {
    expect(buildChange(ruleItem, workItemValues(ruleItem))).toEqual({});
  });

  it('sends only what differs, typed values as the API takes them', () => {
    const values = { ...workItemValues(ruleItem), assignee_id: '', notes: 'Called the client' };
    expect(buildChange(ruleItem, values)).toEqual({ assignee_id: null, notes: 'Called the client' });
  });

  it('sends a UDIN and its signing date as the API takes them, the schema checking the UDIN', () => {
    const typed = { ...workItemValues(ruleItem), signed_on: '20/03/2026', udin: '26-123456-abcdef1234' };
    const body = buildChange(ruleItem, typed);
    expect(body).toEqual({ signed_on: '2026-03-20', udin: '26-123456-abcdef1234' });
    expect(workUpdateSchema.parse(body)).toEqual({ signed_on: '2026-03-20', udin: '26123456ABCDEF1234' });
    expect(workUpdateSchema.safeParse({ udin: '26123456ABCDEF12' }).success).toBe(false);
  });

  it('sends the filing fields only with a filing status, a typed date as ISO', () => {
    const typed = { ...workItemValues(ruleItem), ack_number: 'aa0405', filed_on: '5/5/2026' };
    expect(buildChange(ruleItem, typed)).toEqual({});
    expect(buildChange(ruleItem, { ...typed, status: 'filed' })).toEqual({
      status: 'filed',
      ack_number: 'aa0405',
      filed_on: '2026-05-05',
    });
  });

  it('leaves a date that is no date as typed, for the schema to refuse', () => {
    const body = buildChange(oneOff, { ...workItemValues(oneOff), due_date: '31/02/2026' });
    expect(body).toEqual({ due_date: '31/02/2026' });
    expect(workUpdateSchema.safeParse(body).success).toBe(false);
  });

  it('refuses a cleared due date but clears an event date', () => {
    expect(buildChange(oneOff, { ...workItemValues(oneOff), due_date: '' })).toEqual({ due_date: '' });
    expect(buildChange(withEvent, { ...workItemValues(withEvent), event_date: ' ' })).toEqual({ event_date: null });
  });

  it('changes title and due date of one-off items only', () => {
    const values = { ...workItemValues(ruleItem), title: 'Other', due_date: '01/06/2026' };
    expect(buildChange(ruleItem, values)).toEqual({});
    expect(buildChange(oneOff, { ...values })).toEqual({ title: 'Other', due_date: '2026-06-01' });
  });
});
