import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveSessionUser } from '../../lib/session';
import { fetchCurrentUser } from './auth-api';

/**
 * The area starts from the stored user and then refreshes it from the server once:
 * a changed name or status shows up, and a revoked token meets the 401 rule at once.
 */
export function useSessionRefresh(token: string): void {
  const { data } = useQuery({
    queryKey: ['me', token],
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) saveSessionUser(data);
  }, [data]);
}
