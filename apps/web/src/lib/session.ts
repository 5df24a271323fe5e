import type { LoginResult, SignedInUser } from '@portal/contract/auth';
import { isRoleName, type RoleName } from '@portal/contract/roles';
import { SESSION_KEYS } from '@portal/contract/session-keys';
import { useSyncExternalStore } from 'react';

export type Session = { token: string; role: RoleName; user: SignedInUser };

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function readRaw(): string {
  return [SESSION_KEYS.token, SESSION_KEYS.role, SESSION_KEYS.user]
    .map((key) => localStorage.getItem(key))
    .join('\u0000');
}

/** The stored session, or null when any of its three keys is missing or unreadable. */
export function readSession(): Session | null {
  const raw = readRaw();
  if (cached?.raw === raw) return cached.session;
  const token = localStorage.getItem(SESSION_KEYS.token);
  const role = localStorage.getItem(SESSION_KEYS.role);
  let user: SignedInUser | null = null;
  try {
    user = JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? 'null') as SignedInUser | null;
  } catch {
    user = null;
  }
  const session = token && isRoleName(role) && user && typeof user === 'object' ? { token, role, user } : null;
  cached = { raw, session };
  return session;
}

function notify(): void {
  for (const listener of listeners) listener();
}

// Spec: the guard and logout lead to /login, a 401 leads to /. The guard reads which one applies.
let endedByUnauthorized = false;
let endedByLogout = false;
// Why the server ended the session, when it said (a disabled account): the sign-in page shows it.
let endedNotice: string | null = null;

export function signedOutNotice(): string | null {
  return endedNotice;
}

export function signedOutPath(): '/' | '/login' {
  return endedByUnauthorized ? '/' : '/login';
}

/**
 * Whether signing in should lead back to the page the guard turned away: yes for a visitor or an ended
 * session, not after someone chose to log out (they start again from their dashboard).
 */
export function returnsAfterSignIn(): boolean {
  return !endedByLogout;
}

export function saveSession(result: LoginResult): void {
  endedByUnauthorized = false;
  endedByLogout = false;
  endedNotice = null;
  localStorage.setItem(SESSION_KEYS.token, result.token);
  localStorage.setItem(SESSION_KEYS.role, result.user.user_role.name);
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(result.user));
  notify();
}

export function saveSessionUser(user: SignedInUser): void {
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  notify();
}

export function clearSession(reason: 'logout' | 'unauthorized' = 'logout', notice: string | null = null): void {
  endedByUnauthorized = reason === 'unauthorized';
  endedByLogout = reason === 'logout';
  // Several calls may fail at once: a later bare 401 does not wipe the reason an earlier one gave.
  endedNotice = notice ?? (reason === 'unauthorized' ? endedNotice : null);
  localStorage.removeItem(SESSION_KEYS.token);
  localStorage.removeItem(SESSION_KEYS.role);
  localStorage.removeItem(SESSION_KEYS.user);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing out in one tab signs out the others.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession);
}

export function dashboardPathOf(role: RoleName): string {
  return `/${role}/dashboard`;
}

/**
 * What a signed-in user must do before anything else (the server refuses everything else meanwhile):
 * change a password someone else typed, set up a second factor its role requires, then accept its
 * firm's privacy notice.
 */
export function pendingAccountStep(user: SignedInUser): 'password' | 'two-factor' | 'privacy' | null {
  if (user.password_change_required) return 'password';
  if (user.two_factor_setup_required) return 'two-factor';
  // Older stored sessions lack the field: the server still refuses, and /api/me brings it.
  if (user.privacy_notice_required === true) return 'privacy';
  return null;
}

export const ACCOUNT_SETUP_PATH = '/account-setup';
