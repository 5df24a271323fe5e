import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the API, after which the reads under `refreshes` are fetched again: after a success,
 * or after any answer with `evenOnFailure` (a refused change may still have moved what the list shows).
 */
export function useRefreshingMutation<Input, Answer>(
  send: (input: Input) => Promise<Answer>,
  refreshes: QueryKey,
  { evenOnFailure = false }: { evenOnFailure?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: refreshes });
  return useMutation({
    mutationFn: send,
    ...(evenOnFailure ? { onSettled: refresh } : { onSuccess: refresh }),
  });
}
