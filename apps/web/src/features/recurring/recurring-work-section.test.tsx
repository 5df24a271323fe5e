import { ASSIGNMENT_PATHS } from '@portal/contract/assignments';
import { RECURRING_PATHS, type RecurringTask } from '@portal/contract/recurring';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { RecurringWorkSection } from './recurring-work-section';

const TASK: RecurringTask = {
  id: 4,
  client_id: 9,
  service_id: 2,
  service_name: 'Bookkeeping',
  title: 'Monthly books',
  cadence: 'monthly',
  due_day: 10,
  months_after: 1,
  starts_on: '2026-04',
  starts_label: 'Apr 2026',
  ends_on: null,
  ends_label: null,
  active: true,
  next_due_date: '2026-05-10',
  permissions: { manage: true },
};

function showSection(tasks: RecurringTask[], canAdd = true) {
  const api = fakeApi();
  api.on('GET', RECURRING_PATHS.ofClient(9), ok(tasks));
  api.on('GET', ASSIGNMENT_PATHS.clientServices(9), ok([{ service_id: 2, service_name: 'Bookkeeping' }]));
  return { api, ...renderScreen(<RecurringWorkSection clientId={9} canAdd={canAdd} />) };
}

describe('RecurringWorkSection', () => {
  it('lists a task with its next due date as dd/mm/yyyy, and pauses it', async () => {
    const { api, user } = showSection([TASK]);
    const row = (await screen.findByText('Monthly books')).closest('tr') as HTMLElement;
    expect(within(row).getByText('10/05/2026')).toBeInTheDocument();
    expect(within(row).getByText('Apr 2026 onwards')).toBeInTheDocument();
    api.on('PUT', RECURRING_PATHS.item(4), ok({ ...TASK, active: false }, 'Recurring task saved.'));
    await user.click(within(row).getByRole('button', { name: 'Pause Monthly books' }));
    await waitFor(() => expect(api.sentTo('PUT', RECURRING_PATHS.item(4))[0]?.body).toEqual({ active: false }));
  });

  it('checks the form with the contract’s schema, then sends numbers and the months typed', async () => {
    const { api, user } = showSection([]);
    await user.click(await screen.findByRole('button', { name: 'Add recurring task' }));
    expect(await screen.findByLabelText('Task')).toHaveAccessibleDescription('Please enter a title.');
    expect(api.sentTo('POST', RECURRING_PATHS.list)).toHaveLength(0);

    api.on('POST', RECURRING_PATHS.list, {
      status: 201,
      body: { status: 'success', message: 'Recurring task added.', data: TASK },
    });
    await user.type(screen.getByLabelText('Task'), 'Monthly books');
    await user.selectOptions(screen.getByLabelText('Service'), 'Bookkeeping');
    await user.clear(screen.getByLabelText('Due day'));
    await user.type(screen.getByLabelText('Due day'), '12');
    await user.type(screen.getByLabelText('From month'), '2026-04');
    await user.click(screen.getByRole('button', { name: 'Add recurring task' }));
    await waitFor(() =>
      expect(api.sentTo('POST', RECURRING_PATHS.list)[0]?.body).toEqual({
        client_id: 9,
        service_id: 2,
        title: 'Monthly books',
        cadence: 'monthly',
        due_day: 12,
        months_after: 1,
        starts_month: '2026-04',
      }),
    );
  });

  it('shows no form to staff who only see the tasks', async () => {
    showSection([{ ...TASK, permissions: { manage: false } }], false);
    expect(await screen.findByText('Monthly books')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add recurring task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument();
  });
});
