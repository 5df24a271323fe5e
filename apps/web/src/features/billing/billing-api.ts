import { BILLING_PATHS, type ClientServiceFee, type FeesSave } from '@portal/contract/billing';
import type { ApiSuccess } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useReplacingMutation } from '../../lib/use-replacing-mutation';

const feesKey = (clientId: number) => ['client-fees', clientId] as const;

/** A client's services with the fee its firm set for each (the MPC's, `permissions.billing`). */
export function useClientFees(clientId: number) {
  return useQuery({
    queryKey: feesKey(clientId),
    queryFn: async () => (await apiClient.get<ApiSuccess<ClientServiceFee[]>>(BILLING_PATHS.fees(clientId))).data.data,
  });
}

/** Saves the client's fees as a whole; the answer is the new list. */
export function useSaveClientFees(clientId: number) {
  return useReplacingMutation(
    async (body: FeesSave) =>
      (await apiClient.put<ApiSuccess<ClientServiceFee[]>>(BILLING_PATHS.fees(clientId), body)).data,
    feesKey(clientId),
  );
}
