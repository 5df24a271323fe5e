import { RegistrationPage } from '../features/users/registration-page';
import { useSession } from '../lib/session';
import { TopBar } from './top-bar';

/** /registration, with the top bar (and its Logout) for a signed-in user completing registration. */
export function RegistrationRoute() {
  const session = useSession();
  return (
    <>
      {session && <TopBar session={session} />}
      <RegistrationPage />
    </>
  );
}
