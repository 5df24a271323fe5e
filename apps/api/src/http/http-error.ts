import type { FieldErrors } from '@portal/contract/envelope';

/** A failure the caller caused or may see; the error handler turns it into the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
    /** The envelope's `code`, for a failure the web acts on (contract `AUTH_ERROR_CODES`). */
    readonly envelopeCode?: string,
  ) {
    super(message);
  }
}

export const GENERIC_MESSAGES = {
  invalid: 'The given data was invalid.',
  unknownFields: 'The request contains fields that are not allowed.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This content type is not supported here.',
  tooLarge: 'The request is too large.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  routeNotFound: 'This address does not exist.',
  methodNotAllowed: 'This method is not allowed here.',
  serverError: 'Something went wrong on our side. Please try again.',
  nulCharacter: 'The request contains a NUL character, which no field may hold.',
} as const;

export function failValidation(field: string, message: string): never {
  throw new HttpError(422, GENERIC_MESSAGES.invalid, { [field]: [message] });
}

export function failNotFound(message: string = GENERIC_MESSAGES.notFound): never {
  throw new HttpError(404, message);
}

export function failForbidden(message: string = GENERIC_MESSAGES.forbidden): never {
  throw new HttpError(403, message);
}

/** A state conflict (409): the record is not in a state that allows this. */
export function failConflict(message: string): never {
  throw new HttpError(409, message);
}
