import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveSessionUser } from '../../lib/session';
import { fetchCurrentUser } from './auth-api';

/**
 * The area starts from the stored user and then refreshes it from the server once:
 * a changed name or status shows up, and a revoked token meets the 401 rule at once. Each purpose reads
 * under its own key: the registration page's check of a firm's approval must not hand the area an
 * answer read before the registration was completed.
 */
export function useSessionRefresh(token: string, purpose: 'area' | 'approval' = 'area'): void {
  const { data } = useQuery({
    queryKey: ['me', token, purpose],
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) saveSessionUser(data);
  }, [data]);
}
