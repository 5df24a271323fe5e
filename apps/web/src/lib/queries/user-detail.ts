import { USER_PATHS, type UserDetail } from '@portal/contract/users';
import { recordQuery } from '../record-query';

/** One user's details (the people screens, My Profile, the assignment screen): one read, one cache. */
export function userDetailQuery(userId: number) {
  return recordQuery<UserDetail>(['users', 'detail', userId], userId, USER_PATHS.detail(userId));
}
