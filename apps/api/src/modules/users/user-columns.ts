import { type UserField, type UserFormData, userFieldsFor } from '@portal/contract/user-form';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

// Form fields stored in a users column under the same name (nature_of_service and password are not,
// nor additional_data, whose secrets are sealed first: sub-form-secrets.ts).
const COLUMN_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile_number',
  'alternate_mobile_number',
  'alternate_email_id',
  'address',
  'pincode',
  'city',
  'state',
  'country',
  'pan_number',
  'gst_number',
  'tan_number',
  'qualification',
  'practice_since',
  'client_status_id',
] as const satisfies readonly UserField[];

// The MPC's, PC's and executor's forms show the same fields.
const STAFF_FORM_FIELDS: readonly UserField[] = userFieldsFor('pc', 'edit');

/** The users columns a staff member's form sets, in the order above: what the staff export writes of its own. */
export const STAFF_COLUMN_FIELDS: readonly UserField[] = COLUMN_FIELDS.filter((field) =>
  STAFF_FORM_FIELDS.includes(field),
);

/** The users columns a form sets: every field on create, only the submitted ones on edit. */
export function toUserColumns(data: UserFormData, only?: Set<string>): Updateable<UsersTable> {
  const columns: Record<string, unknown> = {};
  for (const field of COLUMN_FIELDS) {
    if (only && !only.has(field)) continue;
    columns[field] = (data as Record<string, unknown>)[field] ?? null;
  }
  return columns as Updateable<UsersTable>;
}
