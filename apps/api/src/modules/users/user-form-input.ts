import {
  allowedMimeTypesFor,
  DOCUMENT_MESSAGES,
  type DocumentType,
  documentTypesFor,
  isDocumentType,
} from '@portal/contract/documents';
import type { FieldErrors } from '@portal/contract/envelope';
import type { RoleName } from '@portal/contract/roles';
import {
  buildUserFormSchema,
  requiredDocumentsFor,
  type UserFormData,
  type UserFormMode,
} from '@portal/contract/user-form';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { ZodType } from 'zod';
import { GENERIC_MESSAGES, HttpError } from '../../http/http-error.js';
import type { MultipartForm, UploadedFile } from '../../http/multipart-form.js';
import { collectFieldErrors, toValidationError } from '../../http/request-validation.js';
import { judgeUpload } from '../../http/upload-type.js';
import type { CompletionState } from './user-completion.js';

/** An uploaded document that passed the content and name checks, with the name it is kept under. */
export type AcceptedDocument = { file: UploadedFile; fileName: string; mimeType: string };

export type UserFormInput = {
  data: UserFormData;
  /** Fields the request carried: an edit changes only these. */
  present: Set<string>;
  documents: Map<DocumentType, AcceptedDocument>;
};

function addError(errors: FieldErrors, field: string, message: string): void {
  errors[field] = [...(Object.hasOwn(errors, field) ? (errors[field] as string[]) : []), message];
}

/** Checks the uploaded files against the role: allowed kinds, allowed content (by bytes), required ones. */
function readDocuments(files: UploadedFile[], role: RoleName, required: DocumentType[]) {
  const allowed = new Set<string>(documentTypesFor(role));
  const documents = new Map<DocumentType, AcceptedDocument>();
  const wrongKind: FieldErrors = {};
  const wrongType: FieldErrors = {};
  const badName: FieldErrors = {};
  for (const file of files) {
    if (!isDocumentType(file.field)) {
      addError(wrongKind, file.field, 'This field is not allowed.');
      continue;
    }
    if (!allowed.has(file.field)) {
      addError(wrongKind, file.field, USER_MESSAGES.fieldNotForRole);
      continue;
    }
    const mimeTypes = allowedMimeTypesFor(file.field);
    const badType = mimeTypes.includes('application/pdf')
      ? DOCUMENT_MESSAGES.badType
      : DOCUMENT_MESSAGES.badPictureType;
    const verdict = judgeUpload(file, file.originalName, mimeTypes, badType);
    if (!verdict.ok) {
      addError(verdict.status === 415 ? wrongType : badName, file.field, verdict.message);
      continue;
    }
    documents.set(file.field, { file, fileName: verdict.fileName, mimeType: verdict.mimeType });
  }
  const missing: FieldErrors = {};
  for (const type of required) {
    if (!documents.has(type) && !wrongType[type]) addError(missing, type, USER_MESSAGES.qualificationProofRequired);
  }
  return { documents, wrongKind, wrongType, missing, badName };
}

/**
 * Validates a multipart user form for `role` with the contract's schema, after removing the
 * envelope fields (`role_id`, `user_id`). Unknown fields answer 400, a file whose bytes are not an
 * allowed type 415, anything else 422 with every field's messages at once.
 */
export function readUserFormInput(
  form: MultipartForm,
  role: RoleName,
  mode: UserFormMode,
  options: {
    requireTaxId: boolean;
    envelopeFields: string[];
    storedClientStatusId?: number | null;
    passwordOptional?: boolean;
    /** A self-registered MPC completing its profile; what it already has is not asked again. */
    completing?: CompletionState | undefined;
    /** The public sign-up's own schema instead of the user form's (issue 22). */
    schema?: ZodType<UserFormData, unknown>;
  },
): UserFormInput {
  const fields = { ...form.fields };
  for (const name of options.envelopeFields) delete fields[name];
  // A status that is sent, even blank, is the one judged; only an absent one falls back to the stored.
  const storedClientStatusId = 'client_status_id' in fields ? null : (options.storedClientStatusId ?? null);
  const schema =
    options.schema ??
    buildUserFormSchema({
      role,
      mode,
      requireTaxId: options.requireTaxId,
      storedClientStatusId,
      passwordOptional: options.passwordOptional ?? false,
      completing: options.completing && { stored: options.completing.storedFields },
    });
  const result = schema.safeParse(fields);
  const required = requiredDocumentsFor(role, mode, options.completing !== undefined).filter(
    (type) => !options.completing?.storedDocuments.has(type),
  );
  const { documents, wrongKind, wrongType, missing, badName } = readDocuments(form.files, role, required);

  if (!result.success) {
    const error = toValidationError(result.error.issues);
    if (error.statusCode === 400) throw error;
  }
  if (Object.keys(wrongKind).some((field) => !isDocumentType(field))) {
    throw new HttpError(400, GENERIC_MESSAGES.unknownFields, wrongKind);
  }
  if (Object.keys(wrongType).length > 0) throw new HttpError(415, DOCUMENT_MESSAGES.badType, wrongType);

  const errors: FieldErrors = result.success ? {} : collectFieldErrors(result.error.issues);
  for (const source of [wrongKind, missing, badName]) {
    for (const [field, messages] of Object.entries(source))
      for (const message of messages) addError(errors, field, message);
  }
  if (!result.success || Object.keys(errors).length > 0) throw new HttpError(422, GENERIC_MESSAGES.invalid, errors);
  return { data: result.data, present: new Set(Object.keys(fields)), documents };
}
