import { describe, expect, it } from 'vitest';
import { readWorkListState, stepCursorOf, toWorkQuery, writeWorkListState } from './work-list-params';

describe('the Work tab in the address', () => {
  it('reads an empty address as the defaults, and writes the defaults as nothing', () => {
    const state = readWorkListState(new URLSearchParams());
    expect(state).toEqual({
      view: 'list',
      status: 'open',
      serviceId: '',
      clientId: '',
      assigneeId: '',
      dueFrom: '',
      dueTo: '',
      overdue: false,
      q: '',
      order: 'asc',
      page: 1,
    });
    expect(writeWorkListState(state).toString()).toBe('');
  });

  it('keeps every filter through a round trip', () => {
    const address =
      'view=board&status=filed&service_id=3&client_id=12&assignee_id=none&due_from=2026-04-01&due_to=2026-04-30&overdue=1&q=gst&order=desc&page=4';
    expect(writeWorkListState(readWorkListState(new URLSearchParams(address))).toString()).toBe(address);
  });

  it('falls back to the default for anything unreadable', () => {
    const state = readWorkListState(
      new URLSearchParams('view=grid&service_id=0&client_id=x&assignee_id=-1&due_from=1/4/2026&order=up&page=0'),
    );
    expect(state).toMatchObject({
      view: 'list',
      serviceId: '',
      clientId: '',
      assigneeId: '',
      dueFrom: '',
      order: 'asc',
    });
    expect(state.page).toBe(1);
    expect(readWorkListState(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('asks the API for a page of 20, or 100 at once on the board', () => {
    const list = readWorkListState(new URLSearchParams('status=all&q=itr&page=3'));
    expect(toWorkQuery(list)).toEqual({ q: 'itr', page: 3, limit: 20 });
    expect(toWorkQuery({ ...list, view: 'board', overdue: true })).toEqual({
      overdue: '1',
      q: 'itr',
      page: 1,
      limit: 100,
    });
  });

  it('steps to the next page after the last row shown, to the previous before the first, and jumps by number', () => {
    const rows = [
      { id: 7, due_date: '2026-04-20' },
      { id: 9, due_date: '2026-05-20' },
    ];
    expect(stepCursorOf(3, 4, rows)).toEqual({ after: '2026-05-20_9' });
    expect(stepCursorOf(3, 2, rows)).toEqual({ before: '2026-04-20_7' });
    // Page 1 is read from the start, a jump and a page with no rows by number.
    expect(stepCursorOf(2, 1, rows)).toEqual({});
    expect(stepCursorOf(3, 6, rows)).toEqual({});
    expect(stepCursorOf(3, 4, [])).toEqual({});
  });
});
