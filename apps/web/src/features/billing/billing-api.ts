import { BILLING_PATHS, type ClientServiceFee, type FeesSave } from '@portal/contract/billing';
import { BILLING_PROFILE_PATH, type BillingProfile, type BillingProfileSave } from '@portal/contract/billing-profile';
import type { ApiSuccess } from '@portal/contract/envelope';
import { type BillingLogo, INVOICE_DOCUMENT_PATHS } from '@portal/contract/invoice-documents';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { readApiError } from '../../lib/api-error';
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

const logoKey = ['billing-logo'] as const;

/** The firm's logo, or null before one is uploaded (the API answers 404 then). */
export function useBillingLogo() {
  return useQuery({
    queryKey: logoKey,
    queryFn: async () => {
      try {
        return (await apiClient.get<ApiSuccess<BillingLogo>>(INVOICE_DOCUMENT_PATHS.logo)).data.data;
      } catch (error) {
        if (readApiError(error).status === 404) return null;
        throw error;
      }
    },
  });
}

/** Uploads the logo (base64 in JSON); the answer is the logo kept. */
export function useSaveBillingLogo() {
  return useReplacingMutation(
    async (body: { content_base64: string }) =>
      (await apiClient.put<ApiSuccess<BillingLogo>>(INVOICE_DOCUMENT_PATHS.logo, body)).data,
    logoKey,
  );
}

export function useRemoveBillingLogo() {
  return useReplacingMutation(
    async () => (await apiClient.delete<ApiSuccess<null>>(INVOICE_DOCUMENT_PATHS.logo)).data,
    logoKey,
  );
}
