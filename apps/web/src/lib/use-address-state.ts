import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's state kept in the address bar (Back, reload and a shared link keep it): `read` turns the
 * address into the state, `write` the state into the address. A change is merged into the state as the
 * address holds it and becomes a history entry (Back returns to the previous page or filter); the same
 * address again (Reset on a plain list, a save on page 1) adds no step for Back to walk; `replace`
 * corrects the address without one.
 */
export function useAddressState<TState>(
  read: (params: URLSearchParams) => TState,
  write: (state: TState) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const update = useCallback(
    (change: Partial<TState>, options: { replace?: boolean } = {}) => {
      const next = write({ ...read(params), ...change });
      if (next.toString() !== params.toString()) setParams(next, options);
    },
    [read, write, params, setParams],
  );
  return [state, update] as const;
}
