import type { ApiSuccess } from '@portal/contract/envelope';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the API whose answer is the new state of the read under `replaces`: the answer takes
 * that read's place, with no second request.
 */
export function useReplacingMutation<Input, Data>(
  send: (input: Input) => Promise<ApiSuccess<Data>>,
  replaces: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (answer) => queryClient.setQueryData(replaces, answer.data) });
}
