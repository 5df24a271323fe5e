import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A change sent to the API, after which the reads under `refreshes` are fetched again. */
export function useRefreshingMutation<Input, Answer>(send: (input: Input) => Promise<Answer>, refreshes: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshes }) });
}
