import type { AuditFilterInput } from '@portal/contract/audit';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const FILTER_KEYS = ['actor_id', 'client_id', 'action', 'from', 'to'] as const;

/**
 * The Activity filters as they stand in the address bar, so Back, reload and a link from a client's
 * page (`?client_id=7`) keep them. The server checks every value; the address only carries them.
 */
export function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const read: AuditFilterInput = {};
    for (const key of FILTER_KEYS) {
      const value = params.get(key)?.trim();
      if (value) read[key] = value;
    }
    return read;
  }, [params]);
  const apply = useCallback(
    (next: AuditFilterInput) => {
      const written = new URLSearchParams();
      for (const key of FILTER_KEYS) if (next[key]) written.set(key, next[key] as string);
      if (written.toString() !== params.toString()) setParams(written);
    },
    [params, setParams],
  );
  return [filters, apply] as const;
}
