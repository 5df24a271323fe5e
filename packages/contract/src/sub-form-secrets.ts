import { isAadhaarVaultRef } from './aadhaar-vault.js';
import {
  CLIENT_TEMPLATES,
  MSEM_FIELDS,
  PARTNER_FIELDS,
  REGISTRATION_12AA_FIELDS,
  type TemplateFieldKind,
} from './client-templates.js';
import type { ClientTemplate } from './common.js';

/**
 * The values of a client's sub-form that are secret (docs/security.md): encrypted at rest, masked in
 * every answer, readable in full only through the audited sensitive read of an editor; a password is
 * never answered at all.
 */
const SECRET_KINDS: ReadonlySet<TemplateFieldKind> = new Set(['aadhaar', 'bankAccount', 'ifsc', 'password']);

const ALL_FIELDS = [
  ...Object.values(CLIENT_TEMPLATES).flatMap((definition) => definition.fields),
  ...MSEM_FIELDS,
  ...REGISTRATION_12AA_FIELDS,
];
const SECRET_KIND_BY_KEY = new Map(
  ALL_FIELDS.filter((field) => SECRET_KINDS.has(field.kind)).map((field) => [field.key, field.kind]),
);
const PARTNER_SECRET_KIND_BY_KEY = new Map(
  PARTNER_FIELDS.filter((field) => SECRET_KINDS.has(field.kind)).map((field) => [field.key, field.kind]),
);

/**
 * Calls `change` on every secret field that holds a value (top level and partner rows), whatever the
 * value (text, or an Aadhaar vault reference); `undefined` removes the field.
 */
function mapSecretFields(
  data: Record<string, unknown>,
  change: (kind: TemplateFieldKind, value: unknown) => unknown,
): Record<string, unknown> {
  const apply = (source: Record<string, unknown>, kinds: Map<string, TemplateFieldKind>) => {
    const output: Record<string, unknown> = { ...source };
    for (const [key, kind] of kinds) {
      const value = source[key];
      if (value === undefined || value === null || value === '') continue;
      const changed = change(kind, value);
      if (changed === undefined) delete output[key];
      else output[key] = changed;
    }
    return output;
  };
  const result = apply(data, SECRET_KIND_BY_KEY);
  if (Array.isArray(data.partners)) {
    result.partners = data.partners.map((row) =>
      row && typeof row === 'object' ? apply(row as Record<string, unknown>, PARTNER_SECRET_KIND_BY_KEY) : row,
    );
  }
  return result;
}

/** Calls `change` on every secret text value (top level and partner rows); `undefined` removes the value. */
export function mapSubFormSecrets(
  data: Record<string, unknown>,
  change: (kind: TemplateFieldKind, value: string) => string | undefined,
): Record<string, unknown> {
  return mapSecretFields(data, (kind, value) => (typeof value === 'string' ? change(kind, value) : value));
}

/**
 * Calls `change` on every Aadhaar field's value, in the sub-form's order (top level, then each partner
 * row): a number as text, or the vault reference that replaced it (docs/decisions/0044).
 */
export function mapAadhaarFields(
  data: Record<string, unknown>,
  change: (value: unknown) => unknown,
): Record<string, unknown> {
  return mapSecretFields(data, (kind, value) => (kind === 'aadhaar' ? change(value) : value));
}

const lastDigits = (value: string, count: number) => value.replace(/\D/g, '').slice(-count);

/** How a secret reads outside the edit form: Aadhaar `XXXX XXXX 1234`, an account `XXXX1234`. */
function maskSecretValue(kind: TemplateFieldKind, value: string): string | undefined {
  switch (kind) {
    case 'aadhaar':
      return `XXXX XXXX ${lastDigits(value, 4)}`;
    case 'bankAccount':
      return `XXXX${lastDigits(value, 4)}`;
    case 'ifsc':
      // The bank's code says which bank; the branch stays hidden.
      return `${value.slice(0, 4)}XXXXXXX`;
    default:
      return undefined;
  }
}

/**
 * A sub-form as every answer carries it: secrets masked, the password gone. An Aadhaar held in the
 * vault is masked from the last four digits its reference keeps: the vault is not opened.
 */
export function maskSubForm(data: Record<string, unknown>): Record<string, unknown> {
  return mapSecretFields(data, (kind, value) => {
    if (typeof value === 'string') return maskSecretValue(kind, value);
    if (kind === 'aadhaar' && isAadhaarVaultRef(value)) return `XXXX XXXX ${value.last4}`;
    // Anything else in a secret field is not shown at all.
    return undefined;
  });
}

/** Whether a sub-form holds a stored password (the answer says so without giving it). */
export function hasSubFormPassword(data: Record<string, unknown>): boolean {
  return typeof data.password === 'string' && data.password !== '';
}

/** Whether a template's sub-form can hold a secret, so its edit form needs the sensitive read. */
export function templateHasSecrets(template: ClientTemplate): boolean {
  const definition = CLIENT_TEMPLATES[template];
  return !!definition.partners || definition.fields.some((field) => SECRET_KINDS.has(field.kind));
}
