import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { WorkBulkBar } from './work-bulk-bar';

describe('WorkBulkBar', () => {
  it('shows the wait on the button that was clicked: Assign, not Set', async () => {
    const api = fakeApi();
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.on('PUT', /^\/work\/\d+$/, async () => {
      await held;
      return ok({});
    });
    const onDone = vi.fn();
    const { user } = renderScreen(
      <WorkBulkBar selected={[7, 8]} assignees={[{ id: 3, name: 'Priya PC', role: 'pc' } as never]} onDone={onDone} />,
    );
    await user.selectOptions(screen.getByLabelText('Assign to'), 'Priya PC');
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    const assign = await screen.findByRole('button', { name: /Assign/ });
    await waitFor(() => expect(within(assign).getByLabelText('Assigning')).toBeInTheDocument());
    expect(assign).toBeDisabled();
    const set = screen.getByRole('button', { name: /Set/ });
    expect(within(set).queryByLabelText(/Saving|Setting/)).toBeNull();

    answer();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ changed: 2, failures: [] }));
    expect(within(assign).queryByLabelText('Assigning')).toBeNull();
  });

  it('offers Verify only for items the caller may verify, and verifies them in one call with the note', async () => {
    const api = fakeApi().on('POST', '/work/verify', () => ok({ verified: [7, 8] }));
    const onDone = vi.fn();
    const people = [{ id: 3, name: 'Priya PC', role: 'pc' } as never];
    const { user, unmount } = renderScreen(<WorkBulkBar selected={[7, 8]} assignees={people} onDone={onDone} />);
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    unmount();

    renderScreen(<WorkBulkBar selected={[7, 8]} reviewable assignees={people} onDone={onDone} />);
    await user.type(screen.getByLabelText('Review note (optional)'), 'Both tally');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ changed: 2, failures: [] }));
    expect(api.sentTo('POST', '/work/verify').map((request) => request.body)).toEqual([
      { ids: [7, 8], note: 'Both tally' },
    ]);
  });
});
