import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings on both dialects (see docs/decisions/0003). */
export type Timestamp = string;

export type RolesTable = {
  role_id: number;
  name: string;
  label: string;
};

export type UsersTable = {
  id: Generated<number>;
  role_id: number;
  firm_id: number | null;
  created_by: number | null;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password_hash: string;
  mobile_number: string | null;
  alternate_mobile_number: string | null;
  alternate_email_id: string | null;
  address: string | null;
  pincode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  qualification: string | null;
  practice_since: string | null;
  pan_number: string | null;
  gst_number: string | null;
  tan_number: string | null;
  client_status_id: number | null;
  additional_data: string | null;
  /** Key of the sealed values in additional_data: '' none, null not yet encrypted (docs/security.md). */
  secrets_key_id: string | null;
  assign_service_type: Generated<number>;
  status: string;
  /** While disabled: the status the disable replaced, which enabling restores. */
  status_before_disable: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AccessTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
};

/** One fixed window per throttled key (docs/decisions/0008). */
export type ThrottleCountersTable = {
  key: string;
  attempts: number;
  window_ends_at: Timestamp;
};

export type ServicesTable = {
  id: Generated<number>;
  service_name: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  ip: string | null;
  details: string | null;
  created_at: Timestamp;
};

export type UserServicesTable = {
  user_id: number;
  service_id: number;
  created_at: Timestamp;
};

export type UserDocumentsTable = {
  id: Generated<number>;
  user_id: number;
  document_type: string;
  store_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Timestamp;
  /** Key the file on disk is encrypted under; null: written before encryption at rest. */
  key_id: string | null;
};

export type ServiceAssignmentsTable = {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  pc_id: number | null;
  executor_id: number | null;
  mpc_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type FamilyMembersTable = {
  id: Generated<number>;
  client_id: number;
  member_name: string;
  mobile_number: string;
  email_id: string;
  service_id: number;
  created_by: number | null;
  created_at: Timestamp;
};

export type UserLinksTable = {
  id: Generated<number>;
  owner_id: number;
  label: string;
  value: string;
  created_at: Timestamp;
};

export type FoldersTable = {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  parent_id: number | null;
  folder_name: string;
  created_by: number | null;
  created_at: Timestamp;
};

export type FilesTable = {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  /** Null: the file sits at the service's top level. */
  folder_id: number | null;
  file_name: string;
  store_name: string;
  size_bytes: number;
  mime_type: string;
  sha256: string;
  notes: string | null;
  client_can_delete: number;
  uploaded_by: number | null;
  created_at: Timestamp;
  /** Key the file on disk is encrypted under; null: written before encryption at rest. */
  key_id: string | null;
};

/** Users per role on the whole platform, kept by triggers on `users` (migration 0012). */
export type UserRoleCountsTable = {
  role_id: number;
  total: number;
};

export type DB = {
  roles: RolesTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  throttle_counters: ThrottleCountersTable;
  services: ServicesTable;
  audit_log: AuditLogTable;
  user_services: UserServicesTable;
  user_documents: UserDocumentsTable;
  service_assignments: ServiceAssignmentsTable;
  family_members: FamilyMembersTable;
  user_links: UserLinksTable;
  folders: FoldersTable;
  files: FilesTable;
  user_role_counts: UserRoleCountsTable;
};
