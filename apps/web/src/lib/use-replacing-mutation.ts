import type { ApiSuccess } from '@portal/contract/envelope';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the API whose answer is the new state of the read under `replaces` (a key, or the key
 * of the record the answer is): the answer takes that read's place, with no second request. The reads
 * under `refreshes` (lists the change moves) are then fetched again.
 */
export function useReplacingMutation<Input, Data>(
  send: (input: Input) => Promise<ApiSuccess<Data>>,
  replaces: QueryKey | ((data: Data) => QueryKey),
  refreshes: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(typeof replaces === 'function' ? replaces(answer.data) : replaces, answer.data);
      await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
