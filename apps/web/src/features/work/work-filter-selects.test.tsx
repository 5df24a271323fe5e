import { SERVICE_PATHS } from '@portal/contract/services';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ServiceAndAssigneeFilters } from './work-filter-selects';

describe('ServiceAndAssigneeFilters', () => {
  it('offers the catalogue’s services and the assignees, and says which of the two was chosen', async () => {
    fakeApi().on('GET', SERVICE_PATHS.options, ok([{ value: 1, label: 'GST Filing' }]));
    const onChoose = vi.fn();
    const { user } = renderScreen(
      <ServiceAndAssigneeFilters
        idPrefix="calendar"
        lg={3}
        value={{ serviceId: '', assigneeId: 'none' }}
        assignees={[{ id: 4, name: 'Priya PC', role: 'pc' }]}
        onChoose={onChoose}
      />,
    );
    const service = screen.getByLabelText('Service');
    const assignee = screen.getByLabelText('Assignee');
    expect(service).toHaveAttribute('id', 'calendar-service');
    expect(assignee).toHaveAttribute('id', 'calendar-assignee');
    expect(assignee).toHaveValue('none');
    await screen.findByRole('option', { name: 'GST Filing' });
    await user.selectOptions(service, 'GST Filing');
    expect(onChoose).toHaveBeenLastCalledWith({ serviceId: '1' });
    await user.selectOptions(assignee, 'Priya PC');
    expect(onChoose).toHaveBeenLastCalledWith({ assigneeId: '4' });
  });
});
