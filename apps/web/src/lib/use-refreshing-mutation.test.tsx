import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRefreshingMutation } from './use-refreshing-mutation';

function renderMutation(send: (input: number) => Promise<number>, evenOnFailure?: boolean) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => useRefreshingMutation(send, ['things'], evenOnFailure === undefined ? undefined : { evenOnFailure }),
    { wrapper },
  );
  return { result, invalidate };
}

describe('useRefreshingMutation', () => {
  it('reads the key again after a success, and not after a failure', async () => {
    const ok = renderMutation(async (input) => input + 1);
    await act(() => ok.result.current.mutateAsync(1));
    expect(ok.invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });

    const refused = renderMutation(() => Promise.reject(new Error('no')));
    await act(() => refused.result.current.mutateAsync(1).catch(() => undefined));
    expect(refused.invalidate).not.toHaveBeenCalled();
  });

  it('reads the key again after a failure too with evenOnFailure', async () => {
    const refused = renderMutation(() => Promise.reject(new Error('no')), true);
    await act(() => refused.result.current.mutateAsync(1).catch(() => undefined));
    expect(refused.invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
  });
});
