import type { ApiFailure, ApiSuccess, FieldErrors } from '@portal/contract/envelope';

export function presentSuccess<T>(message: string, data: T): ApiSuccess<T> {
  return { status: 'success', message, data };
}

export function presentFailure(message: string, errors: FieldErrors = {}, code?: string): ApiFailure {
  return code === undefined ? { status: 'error', message, errors } : { status: 'error', code, message, errors };
}
