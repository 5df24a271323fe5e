/** Response envelope of every API call (docs/api-conventions.md). */
export type FieldErrors = Record<string, string[]>;

export type ApiSuccess<T> = {
  status: 'success';
  message: string;
  data: T;
};

export type ApiFailure = {
  status: 'error';
  /** Set when the web must act on the kind of failure, not only show its message (e.g. ACCOUNT_DISABLED). */
  code?: string;
  message: string;
  errors: FieldErrors;
};

/** Shape of every paged list: `page` starts at 1. */
export type Paged<T> = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
};

export const API_BASE_PATH = '/api';
