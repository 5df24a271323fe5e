import { BILLING_PATHS, type ClientServiceFee, type FeesSave } from '@portal/contract/billing';
import { BILLING_PROFILE_PATH, type BillingProfile, type BillingProfileSave } from '@portal/contract/billing-profile';
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

const profileKey = ['billing-profile'] as const;

/** The firm's billing profile, or null before its MPC set one. */
export function useBillingProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => (await apiClient.get<ApiSuccess<BillingProfile | null>>(BILLING_PROFILE_PATH)).data.data,
  });
}

export function useSaveBillingProfile() {
  return useReplacingMutation(
    async (body: BillingProfileSave) =>
      (await apiClient.put<ApiSuccess<BillingProfile>>(BILLING_PROFILE_PATH, body)).data,
    profileKey,
  );
}
