import type { UserLink } from '@portal/contract/user-links';
import type { UserLinkRow } from './user-links.repository.js';

export function presentUserLink(row: UserLinkRow): UserLink {
  return { user_link_id: row.id, label: row.label, value: row.value, created_at: row.created_at };
}
