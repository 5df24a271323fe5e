import { AUTH_ERROR_CODES, AUTH_PATHS, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@portal/contract/auth';
import { API_BASE_PATH, type ApiFailure } from '@portal/contract/envelope';
import { TWO_FACTOR_PATHS } from '@portal/contract/two-factor';
import axios, { type AxiosError } from 'axios';
import { clearSession, readSession } from './session';

/** The one HTTP client: bearer header, CSRF cookie and the 401 rule live here and nowhere else. */
export const apiClient = axios.create({
  baseURL: API_BASE_PATH,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  xsrfCookieName: CSRF_COOKIE_NAME,
  xsrfHeaderName: CSRF_HEADER_NAME,
});

let csrfRequest: Promise<unknown> | null = null;

function hasCsrfCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${CSRF_COOKIE_NAME}=`));
}

// Fetched only when missing (docs/api-conventions.md), and once for concurrent requests.
async function ensureCsrfCookie(): Promise<void> {
  if (hasCsrfCookie()) return;
  csrfRequest ??= axios.get(AUTH_PATHS.csrfCookie, { withCredentials: true }).finally(() => {
    csrfRequest = null;
  });
  await csrfRequest;
}

apiClient.interceptors.request.use(async (config) => {
  await ensureCsrfCookie();
  const session = readSession();
  if (session) config.headers.set('Authorization', `Bearer ${session.token}`);
  return config;
});

let onUnauthorized: () => void = () => window.location.assign('/');

/** The router registers how to leave for `/` when any call answers 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

apiClient.interceptors.response.use(undefined, (error: AxiosError) => {
  // Both sign-in steps answer 401 for a failed attempt, which the sign-in form shows itself.
  const isSignIn = error.config?.url === AUTH_PATHS.login || error.config?.url === TWO_FACTOR_PATHS.login;
  if (error.response?.status === 401 && !isSignIn) {
    console.error('Request answered 401; signing out.', error.config?.url);
    const failure = error.response.data as Partial<ApiFailure> | undefined;
    const disabled = failure?.code === AUTH_ERROR_CODES.accountDisabled && typeof failure.message === 'string';
    clearSession('unauthorized', disabled ? (failure.message as string) : null);
    onUnauthorized();
  }
  return Promise.reject(error);
});
