import { WORK_PATHS, type WorkItem } from '@portal/contract/work';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { WorkItemForm } from './work-item-form';

const item = {
  id: 7,
  title: 'Reply to notice',
  status: 'pending',
  due_date: '2026-05-20',
  filed_on: null,
  ack_number: null,
  rule_id: null,
  event_name: null,
  event_date: null,
  assignee: { id: 21, name: 'Pooja PC' },
  notes: null,
} as unknown as WorkItem;

function showForm() {
  const api = fakeApi().on('GET', WORK_PATHS.itemAssignees(7), ok([{ id: 21, name: 'Pooja PC', role: 'pc' }]));
  const onSaved = vi.fn();
  const view = renderScreen(<WorkItemForm item={item} onSaved={onSaved} />);
  return { api, onSaved, ...view };
}

describe('WorkItemForm', () => {
  it("shows the server's refusal under its field and keeps what was typed", async () => {
    const { api, user, onSaved } = showForm();
    api.on(
      'PUT',
      WORK_PATHS.item(7),
      refused(422, 'The given data was invalid.', {
        ack_number: ['Enter the acknowledgement number the portal gave.'],
      }),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'filed');
    await user.type(screen.getByLabelText('Acknowledgement / ARN number'), 'AA0405');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const ack = screen.getByLabelText('Acknowledgement / ARN number');
    await waitFor(() => expect(ack).toHaveAccessibleDescription('Enter the acknowledgement number the portal gave.'));
    expect(ack).toHaveAttribute('aria-invalid', 'true');
    expect(ack).toHaveValue('AA0405');
    expect(api.sentTo('PUT', WORK_PATHS.item(7))[0]?.body).toEqual({ status: 'filed', ack_number: 'AA0405' });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows a refusal that names no field in the alert', async () => {
    const { api, user, onSaved } = showForm();
    api.on('PUT', WORK_PATHS.item(7), refused(409, 'This item was changed meanwhile. Open it again.'));
    await user.type(screen.getByLabelText('Notes'), 'Called the client');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item was changed meanwhile. Open it again.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('checks typed dates with the schema before anything is sent', async () => {
    const { api, user } = showForm();
    const due = screen.getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(due).toHaveAccessibleDescription('Enter a date as dd/mm/yyyy.'));
    expect(api.sentTo('PUT', WORK_PATHS.item(7))).toHaveLength(0);
  });

  it('says when nothing has changed, and sends a change', async () => {
    const { api, user, onSaved } = showForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has changed.');
    expect(api.sentTo('PUT', WORK_PATHS.item(7))).toHaveLength(0);

    api.on('PUT', WORK_PATHS.item(7), ok({ ...item, assignee: null }, 'Work item updated.'));
    await user.selectOptions(screen.getByLabelText('Assignee'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Work item updated.'));
    expect(api.sentTo('PUT', WORK_PATHS.item(7))[0]?.body).toEqual({ assignee_id: null });
  });

  it("offers the item's own assignees: on a service another firm handed over, the MPC alone", async () => {
    const api = fakeApi()
      .on('GET', WORK_PATHS.assignees, ok([{ id: 30, name: 'Ravi PC', role: 'pc' }]))
      .on('GET', WORK_PATHS.itemAssignees(7), ok([{ id: 40, name: 'Meera MPC', role: 'mpc' }]));
    renderScreen(<WorkItemForm item={{ ...item, assignee: { id: 40, name: 'Meera MPC' } }} onSaved={vi.fn()} />);
    const assignee = screen.getByLabelText('Assignee');
    await waitFor(() => expect(api.sentTo('GET', WORK_PATHS.itemAssignees(7))).toHaveLength(1));
    const names = [...assignee.querySelectorAll('option')].map((option) => option.textContent);
    expect(names.some((name) => name?.includes('Meera MPC'))).toBe(true);
    expect(names.some((name) => name?.includes('Ravi PC'))).toBe(false);
  });
});
