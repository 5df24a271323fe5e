import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeImportStep, ImportProgress } from './import-progress';

describe('ImportProgress', () => {
  it('shows the bytes leaving with a named bar, then what the server does with the rows', () => {
    const { rerender } = render(<ImportProgress step="check" sent={{ done: 51_200, total: 204_800 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sending the file: 50 KB of 200 KB');
    expect(screen.getByRole('progressbar', { name: 'Sending the file' })).toHaveAttribute('aria-valuenow', '25');
    rerender(<ImportProgress step="check" sent={{ done: 204_800, total: 204_800 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking every row…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<ImportProgress step="import" sent={{ done: 204_800, total: 204_800 }} ready={1000} />);
    expect(screen.getByRole('status')).toHaveTextContent('Creating 1000 clients and their invitations…');
    rerender(<ImportProgress step={null} sent={{ done: 204_800, total: 204_800 }} ready={1000} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says it is sending before the first byte has left, and one client in the singular', () => {
    expect(describeImportStep('import', null, 1)).toBe('Sending the file…');
    expect(describeImportStep('import', { done: 10, total: 10 }, 1)).toBe('Creating 1 client and their invitations…');
  });
});
