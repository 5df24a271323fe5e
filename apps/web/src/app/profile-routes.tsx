import type { RoleName } from '@portal/contract/roles';
import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-screen';
import { WithSession } from './with-session';

const loadProfilePage = () =>
  Promise.all([
    import('../features/profile/profile-page'),
    import('./client-extra'),
    import('../features/account/account-sections'),
    import('../features/privacy/consent-section'),
  ]);
const loadProfileEditPage = () => import('../features/profile/profile-edit-page');

const profileEditRoute = (path: string): RouteObject =>
  lazyRoute(path, loadProfileEditPage, ({ ProfileEditPage }) => (
    <WithSession render={(session) => <ProfileEditPage session={session} backPath="profile" />} />
  ));

/**
 * My Profile of every role: its details with Edit Profile, then its own account (password, second
 * factor, sessions); a client's also holds its family members (Client Details).
 */
export function profileRoutes(role: RoleName): RouteObject[] {
  const isClient = role === 'client';
  const asksConsent = role === 'pc' || role === 'executor' || role === 'client';
  const editPath = isClient ? 'edit' : 'profile/edit';
  return [
    lazyRoute(
      'profile',
      loadProfilePage,
      ([{ ProfilePage }, { renderClientExtra }, { AccountSections }, { ConsentSection }]) => (
        <WithSession
          render={(session) => (
            <ProfilePage
              session={session}
              editPath={editPath}
              {...(isClient ? { heading: 'Client Details' } : {})}
              renderExtra={(user) => (
                <>
                  {renderClientExtra(user)}
                  {/* The firm's privacy notice it accepted; a client withdraws or gives its consent here. */}
                  {asksConsent && <ConsentSection role={role} />}
                  <AccountSections />
                </>
              )}
            />
          )}
        />
      ),
    ),
    profileEditRoute(editPath),
  ];
}
