import type { DocumentType } from '@portal/contract/documents';
import type { UserField } from '@portal/contract/user-form';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { UserFormValues } from './user-form-values';

/** What every field group of the user form draws with: the form, its errors and which fields it asks for. */
export type UserFormParts = {
  form: UseFormReturn<UserFormValues>;
  errorOf: (field: string) => string | undefined;
  /** Fields this role and mode must fill. */
  required: ReadonlySet<string>;
  /** Whether the form asks for the field (the role has it, and the screen did not hide it). */
  shows: (field: UserField) => boolean;
  /** The file input of one document, with the stored one linked. */
  document: (type: DocumentType, options?: { required?: boolean }) => ReactNode;
};
