import { CHECKLIST_PATHS, type WorkChecklist as Checklist, type ChecklistTemplate } from '@portal/contract/checklists';
import { SERVICE_PATHS } from '@portal/contract/services';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ChecklistTemplatesPage } from './checklist-templates-page';
import { WorkChecklist } from './work-checklist';

const checklist = (doneFirst: boolean): Checklist => ({
  work_item_id: 7,
  steps: [
    {
      id: 1,
      label: 'Sales register received',
      done: doneFirst,
      done_at: doneFirst ? '2026-04-01T05:30:00.000Z' : null,
      done_by: doneFirst ? { id: 3, name: 'Priya Shah' } : null,
    },
    { id: 2, label: 'Tax computed', done: false, done_at: null, done_by: null },
  ],
  done: doneFirst ? 1 : 0,
  total: 2,
  permissions: { tick: true },
});

describe('WorkChecklist', () => {
  it('shows the progress, ticks a step and says who ticked it and when (India time)', async () => {
    const api = fakeApi();
    api.on('GET', CHECKLIST_PATHS.ofWork(7), ok(checklist(false)));
    api.on('PUT', CHECKLIST_PATHS.step(7, 1), ok(checklist(true), 'Step ticked.'));
    const { user } = renderScreen(<WorkChecklist workId={7} />);
    expect(await screen.findByText('0 of 2 done')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Sales register received'));
    expect(await screen.findByText('1 of 2 done')).toBeInTheDocument();
    expect(api.sentTo('PUT', CHECKLIST_PATHS.step(7, 1))[0]?.body).toEqual({ done: true });
    expect(screen.getByLabelText('Sales register received')).toHaveAccessibleDescription(
      'Ticked by Priya Shah on 01/04/2026, 11:00',
    );
  });
});

describe('ChecklistTemplatesPage', () => {
  it("sends one step a line, and lets the MPC go back to the platform's", async () => {
    const api = fakeApi();
    const template = (source: 'firm' | 'platform', steps: string[]): ChecklistTemplate => ({
      service_id: 4,
      source,
      steps,
      platform_steps: ['Return filed'],
      updated_at: null,
      permissions: { manage: true },
    });
    api.on('GET', SERVICE_PATHS.options, ok([{ value: 4, label: 'GST Filing' }]));
    api.on('GET', CHECKLIST_PATHS.template(4), ok(template('platform', ['Return filed'])));
    api.on(
      'PUT',
      CHECKLIST_PATHS.template(4),
      ok(template('firm', ['Books closed', 'Return filed']), 'Checklist saved.'),
    );
    api.on('DELETE', CHECKLIST_PATHS.template(4), ok(template('platform', ['Return filed']), 'Back.'));
    const { user } = renderScreen(<ChecklistTemplatesPage area="mpc" />);
    const steps = await screen.findByLabelText(/^Steps, one a line/);
    await waitFor(() => expect(steps).toHaveValue('Return filed'));
    await user.clear(steps);
    await user.type(steps, ' Books closed {enter}{enter}Return filed');
    await user.click(screen.getByRole('button', { name: 'Save checklist' }));
    expect(
      await screen.findByText("Your firm's own checklist for this service (it replaces the platform's)."),
    ).toBeInTheDocument();
    expect(api.sentTo('PUT', CHECKLIST_PATHS.template(4))[0]?.body).toEqual({
      steps: ['Books closed', 'Return filed'],
    });
    await user.click(screen.getByRole('button', { name: "Use the platform's checklist" }));
    expect(await screen.findByText("The platform's checklist for this service.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Steps, one a line/)).toHaveValue('Return filed');
  });
});
