import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';
import { postLogout } from './auth-api';

/** Revokes the token on the server, then forgets the session here even if that call failed. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      console.error('Logout request failed; clearing the session anyway.', error);
    }
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
