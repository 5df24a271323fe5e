import type { DocumentType } from '@portal/contract/documents';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { UserDetail } from '@portal/contract/users';
import { useState } from 'react';
import { DocumentInput } from './document-input';

/**
 * The files chosen in the user form (proofs, logo, picture, sub-form documents): each one's input and
 * error, the check of the required ones, and a fresh set of inputs after a save.
 */
export function useUserDocuments(
  user: UserDetail | undefined,
  documentTypes: DocumentType[],
  requiredDocuments: DocumentType[],
) {
  const [files, setFiles] = useState(new Map<string, File>());
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [resetKey, setResetKey] = useState(0);

  const choose = (type: DocumentType, file: File | null) => {
    setFiles((current) => {
      const next = new Map(current);
      if (file) next.set(type, file);
      else next.delete(type);
      return next;
    });
    setFileErrors(({ [type]: _cleared, ...rest }) => rest);
  };
  /** Puts each missing required document's error under it; answers whether any is missing. */
  const checkMissing = () => {
    const missing: Record<string, string> = {};
    for (const type of requiredDocuments)
      if (!files.has(type)) missing[type] = USER_MESSAGES.qualificationProofRequired;
    setFileErrors(missing);
    return Object.keys(missing).length > 0;
  };
  /** A server error about a document goes under that document's file input, not a form field. */
  const routeFieldError = (field: string, message: string) => {
    if (!documentTypes.includes(field as DocumentType)) return false;
    setFileErrors((current) => ({ ...current, [field]: message }));
    return true;
  };
  const clear = () => {
    setFiles(new Map());
    setResetKey((key) => key + 1);
  };
  const render = (type: DocumentType, { required }: { required?: boolean } = {}) => (
    <DocumentInput
      type={type}
      current={user?.user_document.find((document) => document.document_type === type)}
      {...(required !== undefined ? { required } : {})}
      error={fileErrors[type]}
      resetKey={resetKey}
      onChange={(file) => choose(type, file)}
    />
  );
  return { files, checkMissing, routeFieldError, clear, render };
}
