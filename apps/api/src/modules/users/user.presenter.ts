import { CLIENT_STATUSES } from '@portal/contract/common';
import type { DocumentType } from '@portal/contract/documents';
import type { RoleName, UserStatus } from '@portal/contract/roles';
import type {
  AssignedPerson,
  ServiceUsage,
  User,
  UserDetail,
  UserOption,
  UserSensitive,
  UserService,
  UserWithServices,
} from '@portal/contract/users';
import type { UserServiceRow } from '../client-services/client-services.service.js';
import { signDocumentLink } from './user-document-links.js';
import type { UserDocumentRow } from './user-documents.repository.js';
import type { UserListRow, UserRow } from './users.repository.js';

/** The only way a user leaves the API: no hash of any kind can pass through. */
export function presentUser(row: UserListRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    username: row.username,
    mobile_number: row.mobile_number,
    status: row.status as UserStatus,
    role_id: row.role_id,
    user_role: { role_id: row.role_id, name: row.role_name as RoleName },
    firm_id: row.firm_id,
    client_status_id: row.client_status_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function presentUserService(row: UserServiceRow): UserService {
  return { service_id: row.service_id, service: { service_id: row.service_id, service_name: row.service_name } };
}

/** Groups the services of a page of users, read in one query, by user. */
export function groupServicesByUser(rows: UserServiceRow[]): Map<number, UserService[]> {
  const byUser = new Map<number, UserService[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), presentUserService(row)]);
  return byUser;
}

export function presentUserWithServices(row: UserListRow, services: UserService[]): UserWithServices {
  return { ...presentUser(row), user_service: services };
}

/** Signed links are made for the user reading the detail (`viewerId`). */
type DetailLinks = { appKey: string; now: Date; viewerId: number };
type DetailPermissions = UserDetail['permissions'];

export function presentUserDetail(
  row: UserRow,
  related: {
    services: UserServiceRow[];
    documents: UserDocumentRow[];
    subForm: UserSensitive;
    usage: Map<number, ServiceUsage> | null;
    /** A client's assignees (empty for anyone else). */
    assigned: AssignedPerson[];
  },
  links: DetailLinks,
  permissions: DetailPermissions,
): UserDetail {
  const { services, documents, subForm, usage, assigned } = related;
  const linkOf = (document: UserDocumentRow) =>
    signDocumentLink(
      links.appKey,
      { type: document.document_type as DocumentType, storeName: document.store_name },
      links.viewerId,
      links.now,
    );
  const byType = new Map(documents.map((document) => [document.document_type, document]));
  const pictureLink = (type: DocumentType) => {
    const document = byType.get(type);
    return document ? linkOf(document) : null;
  };
  const otherDetail = {
    alternate_mobile_number: row.alternate_mobile_number,
    alternate_email_id: row.alternate_email_id,
    qualification: row.qualification,
    practice_since: row.practice_since,
    pan_number: row.pan_number,
    gst_number: row.gst_number,
    tan_number: row.tan_number,
  };
  return {
    ...presentUserWithServices(row, services.map(presentUserService)),
    ...otherDetail,
    assigned_to: assigned,
    address: row.address,
    pincode: row.pincode,
    city: row.city,
    state: row.state,
    country: row.country,
    client_status_id: row.client_status_id,
    client_status: CLIENT_STATUSES.find((status) => status.value === row.client_status_id) ?? null,
    // Masked by the caller (sub-form-secrets.ts): the raw column holds sealed values.
    additional_data: subForm.additional_data,
    sub_form_password_set: subForm.sub_form_password_set,
    assign_service_type: row.assign_service_type === 1,
    nature_of_service: services.map((service) => service.service_id),
    user_document: documents.map((document) => ({
      document_type: document.document_type as DocumentType,
      store_name: document.store_name,
      original_name: document.original_name,
      url: linkOf(document),
    })),
    other_detail: otherDetail,
    logo: pictureLink('logo'),
    profile_picture: pictureLink('profile_picture'),
    permissions,
    two_factor_enabled: row.totp_enabled_at !== null,
    invitation_pending: row.password_state === 'unset',
    ...(usage ? { service_usage: Object.fromEntries(usage) } : {}),
  };
}

export function presentUserOption(row: {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}): UserOption {
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, username: row.username };
}
