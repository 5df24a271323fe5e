import type { AppContext } from '../../app-context.js';
import { declareHook } from '../../hook-list.js';
import type { UserRow } from './users.repository.js';

/**
 * A client was created, imported or had its services changed: fired after the save's transaction
 * (work is planned from the saved services; a failure there must not undo the save).
 */
export const onClientServicesChanged = declareHook<AppContext, { clientId: number }>('onClientServicesChanged');

/**
 * A user was created without a password: fired inside the creation's transaction (`context.db` is it),
 * so the invitation is queued with the user or not at all.
 */
export const onUserInvited = declareHook<AppContext, { user: UserRow }>('onUserInvited');
