import { z } from 'zod';
import type { ClientStatusOption } from './common.js';
import type { DocumentType } from './documents.js';
import type { Paged } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import type { RoleName, UserStatus } from './roles.js';
import { rowIdSchema } from './row-ids.js';
import { userFieldSchemas } from './user-form.js';
import { USER_MESSAGES as M } from './user-messages.js';

type UserRole = {
  role_id: number;
  name: RoleName;
};

/** A user as every response presents it: never a password or token hash. */
export type User = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  mobile_number: string | null;
  status: UserStatus;
  role_id: number;
  user_role: UserRole;
  firm_id: number | null;
  /** A client's legal status (null for staff): it decides whether the person needs a last name. */
  client_status_id: number | null;
  created_at: string;
  updated_at: string;
};

export type UserService = { service_id: number; service: { service_id: number; service_name: string } };

type UserDocument = {
  document_type: DocumentType;
  store_name: string;
  original_name: string;
  /** Signed, short-lived link (an `<img src>` cannot send the bearer header). */
  url: string;
};

type OtherDetail = {
  alternate_mobile_number: string | null;
  alternate_email_id: string | null;
  qualification: string | null;
  practice_since: string | null;
  pan_number: string | null;
  gst_number: string | null;
  tan_number: string | null;
};

/** A user with the services it takes or offers. */
export type UserWithServices = User & { user_service: UserService[] };

/**
 * What the caller may do with a user, decided by the server's access table (docs/authorization.md);
 * the browser shows an action only when its flag is set. `files`: some service of the client is open.
 */
export type UserPermissions = {
  edit: boolean;
  disable: boolean;
  enable: boolean;
  manage_family: boolean;
  assign_services: boolean;
  files: boolean;
  /** Mail the user a password reset link (or, while it has no password yet, its invitation again). */
  send_reset: boolean;
  /** Remove the user's second factor (shown when it has one: `two_factor_enabled`). */
  reset_two_factor: boolean;
  /** The client's activity may be read on its page (`GET /api/audit?client_id=`). */
  activity: boolean;
  /** The client's fees may be read and set on its page (`GET/PUT /api/clients/{id}/fees`). */
  billing: boolean;
  /** Whether this PC or executor may bill is set on its page (`/api/users/{id}/billing-permission`). */
  grant_billing: boolean;
  /** Whether this PC may handle the firm's data requests is set on its page (`/api/users/{id}/rights-permission`). */
  grant_rights: boolean;
  /** This client's legal hold is kept on its page (`/api/clients/{id}/legal-hold`; its firm's MPC). */
  legal_hold: boolean;
  /** This client's personal data may be erased from its page (`/api/clients/{id}/erasure`; its firm's MPC). */
  erase: boolean;
};

/** Who handles a client's services: its firm's PCs and executors, or another firm's MPC. */
export type AssignedPerson = { id: number; name: string; role: 'pc' | 'executor' | 'mpc' };

/**
 * One row of the shared list (spec "Lists"), with what an address book of clients needs besides
 * (issue 9): PAN, GSTIN, client status and who is assigned (empty for anyone but a client).
 */
export type UserListItem = UserWithServices & {
  pan_number: string | null;
  gst_number: string | null;
  client_status: ClientStatusOption | null;
  assigned_to: AssignedPerson[];
  permissions: UserPermissions;
};

/**
 * What the caller may do with a list as a whole, decided by the server: export it as CSV (whoever sees
 * the list), import clients from CSV into it (a client list, for whoever may add a client).
 */
export type UserListActions = { export: boolean; import: boolean };

/** `GET /api/user/userListByRole/{role_id}`: a page, and what the list itself offers. */
export type UserListPage = Paged<UserListItem> & { actions: UserListActions };

export type UserDetail = UserWithServices &
  OtherDetail & {
    address: string | null;
    pincode: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    client_status_id: number | null;
    client_status: ClientStatusOption | null;
    /** For a client, who handles its services (the client header names them); empty for anyone else. */
    assigned_to: AssignedPerson[];
    /** The sub-form as JSON text, its secrets masked (Aadhaar `XXXX XXXX 1234`) and no password. */
    additional_data: string | null;
    /** Whether the sub-form holds a stored password; the password itself is never answered. */
    sub_form_password_set: boolean;
    assign_service_type: boolean;
    nature_of_service: number[];
    user_document: UserDocument[];
    other_detail: OtherDetail;
    logo: string | null;
    profile_picture: string | null;
    /** What the caller may do with this user, as the server's policy decides (the UI only mirrors it). */
    permissions: UserPermissions;
    /** Whether the user signs in with a second factor. */
    two_factor_enabled: boolean;
    /** Invited and has not chosen a password yet. */
    invitation_pending: boolean;
    /**
     * For a client, to someone who may edit it: what each of its services holds, so the edit form asks
     * before a service with work in it is removed. Keyed by service id; absent services hold nothing.
     */
    service_usage?: Record<number, ServiceUsage>;
  };

/** What one service of a client holds: its folders, its files, whether staff are assigned to it. */
export type ServiceUsage = { folders: number; files: number; assigned: boolean };

/**
 * `GET /api/user/{id}/sensitive`: the full secrets of a user's sub-form, for the edit form of someone
 * who may edit the user; every read is audited. The stored password is never among them.
 */
export type UserSensitive = { additional_data: string | null; sub_form_password_set: boolean };

/** A user in a dropdown. */
export type UserOption = { id: number; first_name: string; last_name: string; username: string };

export type RoleSummary = { role_id: number; name: string; user_count: number };
export type RoleTotal = { role_id: number; name: string; total: number };

export const USER_PATHS = {
  create: '/user/create',
  edit: '/user/edit',
  detail: (id: number | string) => `/user/detail/${id}`,
  sensitive: (id: number | string) => `/user/${id}/sensitive`,
  totalUser: (id: number | string) => `/user/totalUser/${id}`,
  listByRole: (roleId: number | string) => `/user/userListByRole/${roleId}`,
  options: (roleId: number | string) => `/user/list/${roleId}`,
  summary: '/user/userByRole',
  updateProfile: '/user/update',
  updateStatus: '/user/updateStatus',
  register: '/register',
} as const;

/** Multipart `POST /api/user/create`: the role being created, then the shared form's fields. */
export const userCreateTargetSchema = z.object({ role_id: rowIdSchema(M.roleInvalid) });
/** Multipart `POST /api/user/edit`: the user being edited, then the shared form's fields. */
export const userEditTargetSchema = z.object({ user_id: rowIdSchema(M.userIdInvalid) });

export const userIdParamsSchema = z.object({ id: rowIdSchema(M.notFound) });
export const roleIdParamsSchema = z.object({ role_id: rowIdSchema(M.roleInvalid) });

export const USER_LIST_SORTS = ['name', 'created_at'] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];
export const USER_LIST_ORDERS = ['asc', 'desc'] as const;
export type UserListOrder = (typeof USER_LIST_ORDERS)[number];

const USER_LIST_MESSAGES = {
  sortInvalid: 'Sort by name or created_at.',
  orderInvalid: 'Order must be asc or desc.',
} as const;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * Spec "Lists": the filter form (name, service, mobile) has no rules of its own. Issue 9 adds one
 * `search` (name, email, username, mobile however typed, PAN, GSTIN) and `sort`/`order`; without a
 * sort the list keeps its first order, newest first (by date added); a name sort is A to Z unless `order=desc`.
 */
export const userListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(100).optional(),
  service_id: z.preprocess(blankToUndefined, rowIdSchema(M.serviceInvalid).optional()),
  mobile_number: z.string().trim().max(20).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.preprocess(blankToUndefined, z.enum(USER_LIST_SORTS, { error: USER_LIST_MESSAGES.sortInvalid }).optional()),
  order: z.preprocess(
    blankToUndefined,
    z.enum(USER_LIST_ORDERS, { error: USER_LIST_MESSAGES.orderInvalid }).optional(),
  ),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

const USERNAME_PATTERN = /^[a-z0-9._-]{3,50}$/;

/**
 * Own profile: the five fields, all required, except the last name of a business client,
 * which is named by its legal name alone (`needsLastName`). The server builds it from the stored status,
 * the form from its signed-in user's.
 */
export function buildProfileUpdateSchema({ lastNameRequired }: { lastNameRequired: boolean }) {
  const lastName = z.string({ error: M.lastNameRequired }).trim().max(100, M.tooLong);
  return z.strictObject({
    first_name: userFieldSchemas.first_name,
    last_name: lastNameRequired ? lastName.min(1, { error: M.lastNameRequired, abort: true }) : lastName,
    email: userFieldSchemas.email,
    mobile_number: userFieldSchemas.mobile_number,
    username: z
      .string({ error: M.usernameRequired })
      .trim()
      .min(1, { error: M.usernameRequired, abort: true })
      .toLowerCase()
      .regex(USERNAME_PATTERN, M.usernameInvalid),
  });
}
export type ProfileUpdateInput = z.input<ReturnType<typeof buildProfileUpdateSchema>>;

/** Disable: the only status change a list can make. */
/** Disable (spec) or enable again: whoever may disable a user may undo it. */
export const statusUpdateSchema = z.strictObject({
  user_id: rowIdSchema(M.userIdInvalid),
  status: z.enum(['deactivated', 'active'], { error: M.statusInvalid }),
});
