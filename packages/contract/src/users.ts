import { z } from 'zod';
import { recordTimesFields, serviceRefFields } from './answer-field-groups.js';
import { emptyToUndefined } from './blank-input.js';
import { clientStatusOptionSchema } from './common.js';
import { DOCUMENT_TYPES } from './documents.js';
import { pagedSchema } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { ROLE_NAMES, USER_STATUSES } from './roles.js';
import { buildIdParamsSchema, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { userFieldSchemas } from './user-form.js';
import { USER_MESSAGES as M } from './user-messages.js';

const userRoleSchema = z.object({ role_id: z.number(), name: z.enum(ROLE_NAMES) });

/** A user as every response presents it: never a password or token hash. */
export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  mobile_number: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  role_id: z.number(),
  user_role: userRoleSchema,
  firm_id: z.number().nullable(),
  /** A client's legal status (null for staff): it decides whether the person needs a last name. */
  client_status_id: z.number().nullable(),
  ...recordTimesFields,
});
export type User = z.infer<typeof userSchema>;

export const userServiceSchema = z.object({
  service_id: z.number(),
  service: z.object(serviceRefFields),
});
export type UserService = z.infer<typeof userServiceSchema>;

const userDocumentSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  store_name: z.string(),
  original_name: z.string(),
  /** Signed, short-lived link (an `<img src>` cannot send the bearer header). */
  url: z.string(),
});

const otherDetailSchema = z.object({
  alternate_mobile_number: z.string().nullable(),
  alternate_email_id: z.string().nullable(),
  qualification: z.string().nullable(),
  practice_since: z.string().nullable(),
  pan_number: z.string().nullable(),
  gst_number: z.string().nullable(),
  tan_number: z.string().nullable(),
});

/** A user with the services it takes or offers. */
export const userWithServicesSchema = userSchema.extend({ user_service: z.array(userServiceSchema) });
export type UserWithServices = z.infer<typeof userWithServicesSchema>;

/**
 * What the caller may do with a user, decided by the server's access table (docs/authorization.md);
 * the browser shows an action only when its flag is set. `files`: some service of the client is open.
 */
export const userPermissionsSchema = z.object({
  edit: z.boolean(),
  disable: z.boolean(),
  enable: z.boolean(),
  manage_family: z.boolean(),
  assign_services: z.boolean(),
  files: z.boolean(),
  /** Mail the user a password reset link (or, while it has no password yet, its invitation again). */
  send_reset: z.boolean(),
  /** Remove the user's second factor (shown when it has one: `two_factor_enabled`). */
  reset_two_factor: z.boolean(),
  /** The client's activity may be read on its page (`GET /api/audit?client_id=`). */
  activity: z.boolean(),
  /** The client's fees may be read and set on its page (`GET/PUT /api/clients/{id}/fees`). */
  billing: z.boolean(),
  /** Whether this PC or executor may bill is set on its page (`/api/users/{id}/billing-permission`). */
  grant_billing: z.boolean(),
  /** Whether this PC may handle the firm's data requests is set on its page (`/api/users/{id}/rights-permission`). */
  grant_rights: z.boolean(),
  /** This client's legal hold is kept on its page (`/api/clients/{id}/legal-hold`; its firm's MPC). */
  legal_hold: z.boolean(),
  /** This client's personal data may be erased from its page (`/api/clients/{id}/erasure`; its firm's MPC). */
  erase: z.boolean(),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

/** Who handles a client's services: its firm's PCs and executors, or another firm's MPC. */
export const assignedPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(['pc', 'executor', 'mpc']),
});
export type AssignedPerson = z.infer<typeof assignedPersonSchema>;

/**
 * One row of the shared list (spec "Lists"), with what an address book of clients needs besides
 * (issue 9): PAN, GSTIN, client status and who is assigned (empty for anyone but a client).
 */
export const userListItemSchema = userWithServicesSchema.extend({
  pan_number: z.string().nullable(),
  gst_number: z.string().nullable(),
  client_status: clientStatusOptionSchema.nullable(),
  assigned_to: z.array(assignedPersonSchema),
  permissions: userPermissionsSchema,
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * What the caller may do with a list as a whole, decided by the server: export it as CSV (whoever sees
 * the list), import clients from CSV into it (a client list, for whoever may add a client).
 */
export const userListActionsSchema = z.object({ export: z.boolean(), import: z.boolean() });

/** `GET /api/user/userListByRole/{role_id}`: a page, and what the list itself offers. */
export const userListPageSchema = pagedSchema(userListItemSchema).extend({ actions: userListActionsSchema });
export type UserListPage = z.infer<typeof userListPageSchema>;

/** What one service of a client holds: its folders, its files, whether staff are assigned to it. */
export const serviceUsageSchema = z.object({ folders: z.number(), files: z.number(), assigned: z.boolean() });
export type ServiceUsage = z.infer<typeof serviceUsageSchema>;

export const userDetailSchema = userWithServicesSchema.extend({
  ...otherDetailSchema.shape,
  address: z.string().nullable(),
  pincode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  client_status_id: z.number().nullable(),
  client_status: clientStatusOptionSchema.nullable(),
  /** For a client, who handles its services (the client header names them); empty for anyone else. */
  assigned_to: z.array(assignedPersonSchema),
  /** The sub-form as JSON text, its secrets masked (Aadhaar `XXXX XXXX 1234`) and no password. */
  additional_data: z.string().nullable(),
  /** Whether the sub-form holds a stored password; the password itself is never answered. */
  sub_form_password_set: z.boolean(),
  assign_service_type: z.boolean(),
  nature_of_service: z.array(z.number()),
  user_document: z.array(userDocumentSchema),
  other_detail: otherDetailSchema,
  logo: z.string().nullable(),
  profile_picture: z.string().nullable(),
  /** What the caller may do with this user, as the server's policy decides (the UI only mirrors it). */
  permissions: userPermissionsSchema,
  /** Whether the user signs in with a second factor. */
  two_factor_enabled: z.boolean(),
  /** Invited and has not chosen a password yet. */
  invitation_pending: z.boolean(),
  /**
   * For a client, to someone who may edit it: what each of its services holds, so the edit form asks
   * before a service with work in it is removed. Keyed by service id; absent services hold nothing.
   */
  service_usage: z.record(z.string(), serviceUsageSchema).optional(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * `GET /api/user/{id}/sensitive`: the full secrets of a user's sub-form, for the edit form of someone
 * who may edit the user; every read is audited. The stored password is never among them.
 */
export const userSensitiveSchema = z.object({
  additional_data: z.string().nullable(),
  sub_form_password_set: z.boolean(),
});
export type UserSensitive = z.infer<typeof userSensitiveSchema>;

/** A user in a dropdown. */
export const userOptionSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});
export type UserOption = z.infer<typeof userOptionSchema>;

export const roleSummarySchema = z.object({ role_id: z.number(), name: z.string(), user_count: z.number() });
export type RoleSummary = z.infer<typeof roleSummarySchema>;
export const roleTotalSchema = z.object({ role_id: z.number(), name: z.string(), total: z.number() });
export type RoleTotal = z.infer<typeof roleTotalSchema>;

/** `PUT /api/user/updateStatus`: the user and its new status. */
export const userStatusChangeSchema = z.object({ user: z.object({ id: z.number(), status: z.string() }) });

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

export const userIdParamsSchema = buildIdParamsSchema(M.notFound);
export const roleIdParamsSchema = z.object({ role_id: rowIdSchema(M.roleInvalid) });

export const USER_LIST_SORTS = ['name', 'created_at'] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];
export const USER_LIST_ORDERS = ['asc', 'desc'] as const;
export type UserListOrder = (typeof USER_LIST_ORDERS)[number];

const USER_LIST_MESSAGES = {
  sortInvalid: 'Sort by name or created_at.',
  orderInvalid: SHARED_MESSAGES.orderInvalid,
} as const;

/**
 * Spec "Lists": the filter form (name, service, mobile) has no rules of its own. Issue 9 adds one
 * `search` (name, email, username, mobile however typed, PAN, GSTIN) and `sort`/`order`; without a
 * sort the list keeps its first order, newest first (by date added); a name sort is A to Z unless `order=desc`.
 */
export const userListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(100).optional(),
  service_id: z.preprocess(emptyToUndefined, rowIdSchema(M.serviceInvalid).optional()),
  mobile_number: z.string().trim().max(20).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.preprocess(emptyToUndefined, z.enum(USER_LIST_SORTS, { error: USER_LIST_MESSAGES.sortInvalid }).optional()),
  order: z.preprocess(
    emptyToUndefined,
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
