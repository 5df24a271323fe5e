import type { ReactNode } from 'react';
import { type Session, useSession } from '../lib/session';

/** A screen made with the signed-in session (its user, its token); nothing while there is none. */
export function WithSession({ render }: { render: (session: Session) => ReactNode }) {
  const session = useSession();
  return session ? render(session) : null;
}
