import { showDatesAsTyped } from '@portal/contract/plain-dates';
import type { UserField } from '@portal/contract/user-form';
import type { UserDetail } from '@portal/contract/users';

/** What the form holds: text for every field, a list of ids for the services. */
export type UserFormValues = Partial<Record<Exclude<UserField, 'nature_of_service' | 'additional_data'>, string>> & {
  nature_of_service?: string[];
  /** The client status's sub-form, as nested fields. */
  additional_data?: Record<string, unknown>;
};

function readAdditionalData(stored: string | null | undefined): Record<string, unknown> {
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (showDatesAsTyped(parsed) as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The sub-form as sent: partner rows beyond the typed number are leftovers of a larger number. */
function serializeAdditionalData(data: Record<string, unknown> | undefined): string {
  const value = { ...(data ?? {}) };
  // The "clear the stored password" box: sent only when ticked.
  if (value.clear_password !== true && value.clear_password !== 'yes') delete value.clear_password;
  if (Array.isArray(value.partners))
    value.partners = value.partners.slice(0, Math.max(0, Number(value.number_of_partners) || 0));
  return JSON.stringify(value);
}

/** Starting values for the fields this form shows: empty on add, the stored ones on edit. */
export function initialUserFormValues(fields: UserField[], user: UserDetail | undefined, role: string): UserFormValues {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'nature_of_service') {
      values[field] = user ? user.nature_of_service.map(String) : [];
      continue;
    }
    if (field === 'additional_data') {
      values[field] = readAdditionalData(user?.additional_data);
      continue;
    }
    const stored = user ? (user as unknown as Record<string, unknown>)[field] : undefined;
    values[field] = stored === null || stored === undefined ? '' : String(stored);
  }
  if (!user && fields.includes('country') && role === 'client') values.country = 'IN';
  return values as UserFormValues;
}

/** The multipart body: every shown field (so clearing one clears it), services as one JSON list. */
export function toUserFormData(fields: UserField[], values: UserFormValues, files: Map<string, File>): FormData {
  const body = new FormData();
  for (const field of fields) {
    if (field === 'nature_of_service') body.set(field, JSON.stringify((values.nature_of_service ?? []).map(Number)));
    else if (field === 'additional_data') body.set(field, serializeAdditionalData(values.additional_data));
    else body.set(field, values[field] ?? '');
  }
  for (const [field, file] of files) body.set(field, file, file.name);
  return body;
}
