import type { ApiSuccess } from '@portal/contract/envelope';
import { REQUEST_LINK_PATHS, type RequestLinkView } from '@portal/contract/request-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const linkKey = (token: string) => ['request-link', token] as const;

/** The one request a mailed link opens (no sign-in); a refused link is not asked again. */
export function useLinkedRequest(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: async () => (await apiClient.get<ApiSuccess<RequestLinkView>>(REQUEST_LINK_PATHS.view(token))).data.data,
    retry: false,
  });
}

/** One file against one document of the link's request, reporting its progress (0-100). */
export function useUploadByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { itemId: number; file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return (
        await apiClient.post<ApiSuccess<RequestLinkView>>(REQUEST_LINK_PATHS.upload(token, input.itemId), form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          onUploadProgress: (event) => {
            if (event.total) input.onProgress(Math.round((event.loaded / event.total) * 100));
          },
        })
      ).data;
    },
    onSuccess: (answer) => queryClient.setQueryData(linkKey(token), answer.data),
  });
}
