import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { recordQuery } from './record-query';
import { useCursorPages } from './use-cursor-pages';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

type Page = { data: string[]; next: string | null };

describe('useCursorPages', () => {
  it('reads the first page without a cursor, the next from the last cursor, and stops when none is given', async () => {
    const api = fakeApi();
    api.on('GET', '/things', (request) =>
      request.params.after ? ok({ data: ['c'], next: null }) : ok({ data: ['a', 'b'], next: 'b' }),
    );
    const { result } = renderHook(
      () =>
        useCursorPages<Page>({
          queryKey: ['things'],
          path: '/things',
          params: { limit: 2 },
          cursor: 'after',
          next: (page) => page.next,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await result.current.fetchNextPage();
    await waitFor(() => expect(result.current.data?.pages.flatMap((page) => page.data)).toEqual(['a', 'b', 'c']));
    expect(result.current.hasNextPage).toBe(false);
    expect(api.sentTo('GET', '/things').map((request) => request.params)).toEqual([
      { limit: 2 },
      { limit: 2, after: 'b' },
    ]);
  });
});

describe('recordQuery', () => {
  it('reads the record by its id, and asks nothing while the id is not a real one', async () => {
    const api = fakeApi();
    api.on('GET', '/things/7', ok({ id: 7 }));
    const { result } = renderHook(() => useQuery(recordQuery<{ id: number }>(['thing', 7], 7, '/things/7')), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data).toEqual({ id: 7 }));
    renderHook(() => useQuery(recordQuery(['thing', 0], 0, '/things/0')), { wrapper });
    expect(api.sentTo('GET', '/things/0')).toHaveLength(0);
  });
});
