import type { ApiSuccess } from '@portal/contract/envelope';
import { FIRM_APPROVAL_PATHS, type FirmRejectInput, type PendingFirmPage } from '@portal/contract/firm-approvals';
import { apiClient } from '../../lib/api-client';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

const pendingFirmsKey = ['firm-approvals'] as const;

/** The queue, oldest first, a page at a time ("Show more" reads the next by keyset). */
export function usePendingFirms() {
  return useCursorPages<PendingFirmPage>({
    queryKey: pendingFirmsKey,
    path: FIRM_APPROVAL_PATHS.pending,
    params: { limit: 25 },
    cursor: 'after',
    next: (last) => last.next_after,
  });
}

export type FirmDecision = { id: number; kind: 'approve' } | ({ id: number; kind: 'reject' } & FirmRejectInput);

export function useDecideFirm() {
  return useRefreshingMutation(async (decision: FirmDecision) => {
    const response =
      decision.kind === 'approve'
        ? await apiClient.post<ApiSuccess<null>>(FIRM_APPROVAL_PATHS.approve(decision.id))
        : await apiClient.post<ApiSuccess<null>>(FIRM_APPROVAL_PATHS.reject(decision.id), { reason: decision.reason });
    return response.data;
  }, pendingFirmsKey);
}
