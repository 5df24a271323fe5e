import { FILE_MESSAGES } from '@portal/contract/files';
import { useState } from 'react';
import { z } from 'zod';
import { useContractForm } from './use-contract-form';

const MB = 1024 * 1024;

type FileValues = { file: File | null };

/**
 * The form of one file to upload (a requested document, by the portal or by a link), checked against
 * the size limit once it is known. Web-only: the route reads a multipart file, which no schema of the
 * contract describes; the server applies the same limit to what it receives. Any refusal with fields is
 * shown under the file. `inputKey` keys the file inputs: `clear` empties the form and them after an
 * upload; `renewInputs` empties them alone (a photo taken replaces the picker's choice).
 */
export function useFileForm(maxMb: number | undefined) {
  const schema = z.object({
    file: z
      .custom<File>((value) => value instanceof File, FILE_MESSAGES.fileRequired)
      .refine((file) => maxMb === undefined || file.size <= maxMb * MB, FILE_MESSAGES.fileTooLarge(maxMb ?? 0)),
  });
  const form = useContractForm<FileValues, { file: File }>({
    schema,
    defaultValues: { file: null },
    listFieldErrors: false,
    showSuccess: false,
    routeFieldError: (_field, message) => {
      form.setError('file', { message });
      return true;
    },
  });
  const [inputKey, setInputKey] = useState(0);
  const renewInputs = () => setInputKey((key) => key + 1);
  const clear = () => {
    form.reset({ file: null });
    renewInputs();
  };
  return { form, inputKey, renewInputs, clear };
}
