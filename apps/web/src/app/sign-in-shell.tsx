import type { LoginResult } from '@portal/contract/auth';
import type { MouseEvent } from 'react';
import { returnPathFor, SignInPage } from '../features/auth/sign-in-page';
import { ACCOUNT_SETUP_PATH, dashboardPathOf, pendingAccountStep, readSession } from '../lib/session';

/**
 * Whether this visit opens on the sign-in page before the portal is loaded: `/` or `/login`, nobody signed
 * in. Everywhere else (and for a signed-in visitor, whom the sign-in page would send on) the portal loads.
 */
export function opensOnSignIn(): boolean {
  const { pathname } = window.location;
  return (pathname === '/' || pathname === '/login') && readSession()?.user.status !== 'active';
}

/**
 * The sign-in page of a fresh visit, shown without the portal's code (docs/performance.md, "The first
 * page"). Leaving it, for a dashboard, the account setup, forgot password or the registration page, puts the address in place and has the
 * portal take over the page; its router then starts from that address.
 */
export function SignInShell({ openPortal, onAttempt }: { openPortal: () => Promise<void>; onAttempt: () => void }) {
  const leaveFor = async (path: string, replace: boolean) => {
    if (replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    // Should the portal's code fail to arrive (a release replaced it), a full load of the address does.
    await openPortal().catch(() => window.location.assign(path));
  };
  const onSignedIn = (result: LoginResult) => {
    // What the account needs first (a password of its own, a required second factor), then its area.
    if (pendingAccountStep(result.user)) return leaveFor(ACCOUNT_SETUP_PATH, true);
    const role = result.user.user_role.name;
    // The router keeps a guard's "from" in history.state.usr; it survives a reload of /login.
    const state = (window.history.state as { usr?: unknown } | null)?.usr;
    return leaveFor(returnPathFor(state, role) ?? dashboardPathOf(role), true);
  };
  const open = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window opens the address as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void leaveFor(path, false);
  };
  return (
    <SignInPage
      onAttempt={onAttempt}
      onSignedIn={onSignedIn}
      renderLink={(path, label) => (
        <a href={path} onClick={open(path)}>
          {label}
        </a>
      )}
    />
  );
}
