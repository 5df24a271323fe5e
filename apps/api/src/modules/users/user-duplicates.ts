import { USER_MESSAGES } from '@portal/contract/user-messages';
import { failValidation } from '../../http/http-error.js';
import { findUserFieldOfUniqueViolation } from './users.repository.js';

const DUPLICATE_MESSAGES = { email: USER_MESSAGES.emailTaken, username: USER_MESSAGES.usernameTaken } as const;

/**
 * The checks before a write only give the usual answer; when two writes race past them, the unique index
 * decides, and its refusal becomes the same 422 under the field it concerns. Anything else is rethrown.
 */
export function rethrowAsDuplicateField(error: unknown): never {
  const field = findUserFieldOfUniqueViolation(error);
  if (field) failValidation(field, DUPLICATE_MESSAGES[field]);
  throw error;
}
