import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { checkTemplateData, TEMPLATE_MESSAGES } from './client-templates.js';
import { CLIENT_STATUSES, needsLastName } from './common.js';
import type { DocumentType } from './documents.js';
import {
  FOREIGN_POSTCODE_PATTERN,
  INDIAN_PINCODE_PATTERN,
  isValidGstin,
  normalizeMobile,
  PAN_PATTERN,
  panOfGstin,
  TAN_PATTERN,
} from './identifiers.js';
import type { RoleName } from './roles.js';
import { USER_MESSAGES as M } from './user-messages.js';
import { buildCoercedWholeNumber } from './whole-numbers.js';

export const QUALIFICATIONS = [
  { value: 'ca', label: 'CA' },
  { value: 'cs', label: 'CS' },
  { value: 'advocate', label: 'Advocate' },
  { value: 'consultant', label: 'Consultant' },
  { value: 'other', label: 'Other' },
] as const;
export type Qualification = (typeof QUALIFICATIONS)[number]['value'];

export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes());

export type UserFormMode = 'add' | 'edit';
type UserFormOptions = {
  role: RoleName;
  mode: UserFormMode;
  requireTaxId: boolean;
  /** An edit that sends no client status is judged by the status the client already has. */
  storedClientStatusId?: number | null;
  /**
   * Staff adding a user may leave the password empty: the user is mailed an invitation to choose one.
   * A password they do type must be changed at its first sign-in (issue 12). Sign-up always needs one.
   */
  passwordOptional?: boolean;
  /**
   * A self-registered MPC's first edit, the completion step: what the short sign-up did not ask and the
   * add form requires (REQUIRED_ON_ADD) is required here (issue 22), unless the request leaves out a
   * field the user already has (`stored`, given by an older, long sign-up).
   */
  completing?: { stored: ReadonlySet<string> } | undefined;
};

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const upperCased = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === 'string' ? blank.trim().toUpperCase() : blank;
};

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, M.tooLong).optional());

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, M.tooLong);

function mobile(schema: z.ZodString) {
  return schema.transform((value, context) => {
    const normalized = normalizeMobile(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: M.mobileInvalid });
      return z.NEVER;
    }
    return normalized;
  });
}

const identifier = (pattern: RegExp, message: string) =>
  z.preprocess(upperCased, z.string().regex(pattern, message).optional());

/** `nature_of_service` arrives as an array (forms), repeated fields or a JSON/comma list (multipart). */
function readIdList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        list = [text];
      }
    } else {
      list = text.split(',');
    }
  }
  if (!Array.isArray(list)) return [list];
  return list.filter((item) => !(typeof item === 'string' && item.trim() === ''));
}

const currentYear = () => new Date().getFullYear();

function readJsonObject(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  if (blank.length > 200_000) return blank;
  try {
    return JSON.parse(blank);
  } catch {
    return blank;
  }
}

/** Every field the shared user form can carry; which apply depends on role and mode. */
export const userFieldSchemas = {
  first_name: requiredText(M.firstNameRequired, 100),
  // Required of people; a business client's name is its legal name, in first_name (applyRoleRules).
  last_name: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: M.lastNameRequired }).trim().max(100, M.tooLong),
  ),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired, abort: true })
    .max(254, { error: M.tooLong, abort: true })
    .pipe(z.email(M.emailInvalid)),
  mobile_number: mobile(z.string({ error: M.mobileRequired }).trim().min(1, { error: M.mobileRequired, abort: true })),
  alternate_mobile_number: z.preprocess(blankToUndefined, mobile(z.string().trim()).optional()),
  alternate_email_id: z.preprocess(
    blankToUndefined,
    z.string().trim().max(254, M.tooLong).pipe(z.email(M.emailInvalid)).optional(),
  ),
  address: optionalText(500),
  pincode: optionalText(10),
  city: optionalText(100),
  state: optionalText(100),
  country: z.preprocess(
    upperCased,
    z
      .string()
      .refine((code) => COUNTRY_CODES.includes(code), M.countryInvalid)
      .optional(),
  ),
  pan_number: identifier(PAN_PATTERN, M.panInvalid),
  gst_number: z.preprocess(upperCased, z.string().refine(isValidGstin, M.gstInvalid).optional()),
  tan_number: identifier(TAN_PATTERN, M.tanInvalid),
  qualification: z.preprocess(
    blankToUndefined,
    z
      .enum(QUALIFICATIONS.map((option) => option.value) as [Qualification, ...Qualification[]], {
        error: M.qualificationInvalid,
      })
      .optional(),
  ),
  practice_since: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: M.practiceSinceInvalid })
      .int(M.practiceSinceInvalid)
      .min(1940, M.practiceSinceInvalid)
      .refine((year) => year <= currentYear(), M.practiceSinceInvalid)
      .transform(String)
      .optional(),
  ),
  nature_of_service: z.preprocess(
    readIdList,
    z
      .array(z.coerce.number({ error: M.serviceInvalid }).int(M.serviceInvalid).positive(M.serviceInvalid))
      .max(100, M.serviceInvalid)
      .transform((ids) => [...new Set(ids)]),
  ),
  password: z.preprocess(blankToUndefined, z.string().optional()),
  client_status_id: z.preprocess(blankToUndefined, buildCoercedWholeNumber(M.clientStatusInvalid, 1, 12).optional()),
  // JSON text from multipart, an object from the web form; the template of the status checks its content.
  additional_data: z.preprocess(
    readJsonObject,
    z.record(z.string(), z.unknown(), { error: TEMPLATE_MESSAGES.notObject }).optional(),
  ),
};

export type UserField = keyof typeof userFieldSchemas;

const COMMON_FIELDS: UserField[] = [
  'first_name',
  'last_name',
  'email',
  'mobile_number',
  'alternate_mobile_number',
  'address',
  'pincode',
  'city',
  'state',
  'pan_number',
  'gst_number',
  'tan_number',
  'nature_of_service',
];
const NON_CLIENT_FIELDS: UserField[] = ['alternate_email_id', 'qualification', 'practice_since'];
const CLIENT_FIELDS: UserField[] = ['country', 'client_status_id', 'additional_data'];

/** Field visibility: client fields for clients, professional fields for the rest. */
export function userFieldsFor(role: RoleName, mode: UserFormMode): UserField[] {
  return [
    ...COMMON_FIELDS,
    ...(role === 'client' ? CLIENT_FIELDS : NON_CLIENT_FIELDS),
    ...(mode === 'add' ? (['password'] as UserField[]) : []),
  ];
}

/** Documents a form must carry: only the MPC's qualification proof, when added or completing its sign-up. */
export function requiredDocumentsFor(role: RoleName, mode: UserFormMode, completing = false): DocumentType[] {
  return role === 'mpc' && (mode === 'add' || completing) ? ['qualification_proof'] : [];
}

const PASSWORD_RULES: [RegExp, string][] = [
  [/[a-z]/, M.passwordLower],
  [/[A-Z]/, M.passwordUpper],
  [/[0-9]/, M.passwordNumber],
  [/[@$!%*?&]/, M.passwordSpecial],
];

/** The six password rules, in order; empty when the password passes. */
export function checkPassword(password: string | undefined): string[] {
  if (!password) return [M.passwordRequired];
  const problems: string[] = [];
  if (password.length < 8) problems.push(M.passwordMin);
  if (password.length > 128) problems.push(M.passwordMax);
  for (const [pattern, message] of PASSWORD_RULES) if (!pattern.test(password)) problems.push(message);
  return problems;
}

const isFilled = (value: unknown) =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

// The postal address both add forms require (the client's and the MPC's).
const ADDRESS_REQUIRED_ON_ADD: [UserField, string][] = [
  ['pincode', M.pincodeRequired],
  ['city', M.cityRequired],
  ['state', M.stateRequired],
];

// What each add form requires beyond the four base fields.
const REQUIRED_ON_ADD: Partial<Record<RoleName, [UserField, string][]>> = {
  client: [
    ...ADDRESS_REQUIRED_ON_ADD,
    ['country', M.countryRequired],
    ['nature_of_service', M.natureOfServiceRequired],
  ],
  mpc: [
    ...ADDRESS_REQUIRED_ON_ADD,
    ['practice_since', M.practiceSinceRequired],
    ['qualification', M.qualificationRequired],
    ['nature_of_service', M.natureOfServiceRequired],
  ],
};

const TAX_ID_ROLES: RoleName[] = ['mpc', 'pc', 'client'];

type UserFormValues = z.output<z.ZodObject<typeof userFieldSchemas>>;

function applyRoleRules(
  values: UserFormValues,
  context: z.core.$RefinementCtx,
  options: UserFormOptions,
  sent: ReadonlySet<string>,
): void {
  const issue = (field: UserField, message: string) => context.addIssue({ code: 'custom', path: [field], message });
  const allowed = new Set(userFieldsFor(options.role, options.mode));
  for (const [field, value] of Object.entries(values) as [UserField, unknown][]) {
    if (!allowed.has(field) && isFilled(value)) issue(field, M.fieldNotForRole);
  }
  const statusId = values.client_status_id !== undefined ? values.client_status_id : options.storedClientStatusId;
  if (!values.last_name && needsLastName(options.role, statusId)) issue('last_name', M.lastNameRequired);
  if (options.mode === 'add' && !(options.passwordOptional && !values.password))
    for (const problem of checkPassword(values.password)) issue('password', problem);
  const { completing } = options;
  if (options.mode === 'add' || completing) {
    for (const [field, message] of REQUIRED_ON_ADD[options.role] ?? []) {
      const kept = completing && !sent.has(field) && completing.stored.has(field);
      if (!isFilled(values[field]) && !kept) issue(field, message);
    }
  }
  if (options.requireTaxId && TAX_ID_ROLES.includes(options.role)) {
    if (!values.pan_number && !values.gst_number && !values.tan_number) issue('pan_number', M.taxIdRequired);
  }
  if (values.pincode) {
    const abroad = options.role === 'client' && values.country !== undefined && values.country !== 'IN';
    if (abroad ? !FOREIGN_POSTCODE_PATTERN.test(values.pincode) : !INDIAN_PINCODE_PATTERN.test(values.pincode)) {
      issue('pincode', abroad ? M.postcodeInvalid : M.pincodeInvalid);
    }
  }
  if (values.pan_number && values.gst_number && panOfGstin(values.gst_number) !== values.pan_number) {
    issue('gst_number', M.gstPanMismatch);
  }
  if (options.role === 'client') checkAdditionalData(values, context);
}

/** The sub-form must match the template of the chosen status; its normalised form replaces the input. */
function checkAdditionalData(values: UserFormValues, context: z.core.$RefinementCtx): void {
  const data = values.additional_data;
  if (data === undefined) return;
  const template = CLIENT_STATUSES.find((status) => status.value === values.client_status_id)?.template;
  if (values.client_status_id === undefined) {
    if (Object.keys(data).length > 0)
      context.addIssue({ code: 'custom', path: ['client_status_id'], message: TEMPLATE_MESSAGES.statusNeeded });
    return;
  }
  if (!template) {
    if (Object.keys(data).length > 0)
      context.addIssue({ code: 'custom', path: ['additional_data'], message: TEMPLATE_MESSAGES.noTemplate });
    values.additional_data = undefined;
    return;
  }
  const { value, issues } = checkTemplateData(template, data);
  for (const problem of issues)
    context.addIssue({ code: 'custom', path: ['additional_data', ...problem.path], message: problem.message });
  values.additional_data = value;
}

const userFieldsObject = z.strictObject(userFieldSchemas);

/** The fields of `input` that pass on their own, so the role rules can speak while others still fail. */
function readValidFields(input: unknown): Partial<UserFormValues> {
  if (!input || typeof input !== 'object') return {};
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(userFieldSchemas)) {
    const result = schema.safeParse((input as Record<string, unknown>)[field]);
    if (result.success) values[field] = result.data;
  }
  return values as Partial<UserFormValues>;
}

/**
 * The one schema of the shared user form: the web resolver and the server both build it from here.
 * Field rules and role rules report together (a plain refinement would wait for every field to pass).
 */
export function buildUserFormSchema(options: UserFormOptions) {
  return z.record(z.string(), z.unknown()).transform((input, context): UserFormValues => {
    const parsed = userFieldsObject.safeParse(input);
    const sent = new Set(Object.keys(input));
    if (parsed.success) {
      applyRoleRules(parsed.data, context, options, sent);
      return parsed.data;
    }
    for (const issue of parsed.error.issues) context.addIssue(issue as z.core.$ZodRawIssue);
    applyRoleRules(readValidFields(input) as UserFormValues, context, options, sent);
    return z.NEVER;
  });
}

export type UserFormData = UserFormValues;

/** Fields a form marks as required, for the asterisks (the schema still decides). */
export function requiredFieldsFor(
  role: RoleName,
  mode: UserFormMode,
  passwordOptional = false,
  completing = false,
): UserField[] {
  const base: UserField[] = ['first_name', 'last_name', 'email', 'mobile_number'];
  if (completing) return [...base, ...(REQUIRED_ON_ADD[role] ?? []).map(([field]) => field)];
  if (mode === 'edit') return base;
  return [
    ...base,
    ...(passwordOptional ? [] : (['password'] as UserField[])),
    ...(REQUIRED_ON_ADD[role] ?? []).map(([field]) => field),
  ];
}
