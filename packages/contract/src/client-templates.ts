import { z } from 'zod';
import type { ClientTemplate } from './common.js';
import { CIN_PATTERN, isValidAadhaar, LLPIN_PATTERN, PAN_PATTERN } from './identifiers.js';
import { DATE_MESSAGES, parseIndianDate } from './plain-dates.js';
import { SHARED_MESSAGES } from './shared-messages.js';

export type TemplateFieldKind =
  | 'text'
  | 'date'
  | 'pastDate'
  | 'sex'
  | 'aadhaar'
  | 'pan'
  | 'email'
  | 'password'
  | 'taxYear'
  | 'din'
  | 'msmeType'
  | 'bankAccount'
  | 'ifsc'
  | 'cin'
  | 'llpin';
export type TemplateField = { key: string; label: string; kind: TemplateFieldKind; required?: boolean };
type TemplateDefinition = {
  fields: TemplateField[];
  /** The msem yes/no block (its fields show only on yes). */
  msem?: boolean;
  /** A partner table with as many rows as the number typed. */
  partners?: boolean;
  /** CompanyPublicInterested: listed at BSE, NSE, MSME and since when. */
  listing?: boolean;
  /** LocalAuthority: the 12AA registration block. */
  registration12aa?: boolean;
};

export const SEX_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;
export const MSME_TYPES = [
  { value: 'micro', label: 'Micro' },
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
] as const;
export const LISTING_EXCHANGES = [
  { key: 'bse', label: 'BSE' },
  { key: 'nse', label: 'NSE' },
  { key: 'msme', label: 'MSME' },
] as const;
export const MAX_PARTNERS = 50;

const PERSON_FIELDS: TemplateField[] = [
  { key: 'dob', label: 'Date of birth', kind: 'pastDate' },
  { key: 'sex', label: 'Sex', kind: 'sex' },
  { key: 'aadhar', label: 'Aadhaar number', kind: 'aadhaar' },
  { key: 'fathers_name', label: "Father's name", kind: 'text' },
  { key: 'mothers_name', label: "Mother's name", kind: 'text' },
  { key: 'spouse_name', label: 'Spouse name', kind: 'text' },
];

export const MSEM_FIELDS: TemplateField[] = [
  { key: 'msme_reg_no', label: 'MSME registration number', kind: 'text', required: true },
  { key: 'msme_reg_since', label: 'MSME registered since', kind: 'pastDate' },
  { key: 'msme_type', label: 'MSME type', kind: 'msmeType' },
];

/** One of a person's fields, by its key in PERSON_FIELDS. */
const byKey = (key: string) => PERSON_FIELDS.find((field) => field.key === key) as TemplateField;
/** A person's field kept under another key: the partner table's keys are the spec's own. */
const renamed = (personKey: string, key: string): TemplateField => ({ ...byKey(personKey), key });

export const PARTNER_FIELDS: TemplateField[] = [
  { key: 'nameofpartner', label: 'Name of partner', kind: 'text', required: true },
  renamed('fathers_name', 'fathername'),
  renamed('mothers_name', 'mothername'),
  renamed('spouse_name', 'spousename'),
  byKey('dob'),
  byKey('sex'),
  { key: 'Pannumber', label: 'PAN number', kind: 'pan' },
  renamed('aadhar', 'aadharnumber'),
  { key: 'dinnumber', label: 'DIN number', kind: 'din' },
];

export const REGISTRATION_12AA_FIELDS: TemplateField[] = [
  { key: 'reg_no_12aa', label: '12AA registration number', kind: 'text' },
  { key: 'date_of_reg_12aa', label: '12AA date of registration', kind: 'pastDate' },
  { key: 'valid_from', label: 'Valid from (tax year)', kind: 'taxYear' },
  { key: 'valid_to', label: 'Valid to (tax year)', kind: 'taxYear' },
];

// Spec: "bankdetails, bankname". The details are the account number; with its IFSC, both are kept
// encrypted and shown masked (docs/security.md).
const BANK_FIELDS: TemplateField[] = [
  { key: 'bankdetails', label: 'Bank account number', kind: 'bankAccount' },
  { key: 'bank_ifsc', label: 'IFSC', kind: 'ifsc' },
  { key: 'bankname', label: 'Bank name', kind: 'text' },
];

const required = (field: TemplateField): TemplateField => ({ ...field, required: true });

/** A business without a spec sub-form: how it is registered and since when (issue 9). */
const identifiers = (registration: TemplateField, since: string): TemplateDefinition => ({
  fields: [registration, { key: 'date_of_formation', label: since, kind: 'pastDate' }],
});
const REGISTRATION_NUMBER: TemplateField = { key: 'registration_number', label: 'Registration number', kind: 'text' };

/** The six named sub-forms, with every field it lists, and the identifier forms. */
export const CLIENT_TEMPLATES: Record<ClientTemplate, TemplateDefinition> = {
  Individual: {
    fields: [
      required(byKey('dob')),
      required(byKey('sex')),
      required(byKey('aadhar')),
      required(byKey('fathers_name')),
      byKey('mothers_name'),
      byKey('spouse_name'),
    ],
    msem: true,
  },
  Huf: {
    fields: [
      { key: 'date_of_creation', label: 'Date of creation', kind: 'pastDate', required: true },
      { key: 'deed_of_huf_creation', label: 'Deed of HUF creation', kind: 'text' },
      { key: 'nameofkarta', label: 'Name of karta', kind: 'text', required: true },
      { key: 'aadharofkarta', label: 'Aadhaar of karta', kind: 'aadhaar' },
      ...BANK_FIELDS,
      { key: 'membersofkarta', label: 'Members of HUF', kind: 'text' },
      { key: 'member1', label: 'Member 1', kind: 'text' },
    ],
    msem: true,
  },
  Firm: {
    fields: [
      { key: 'full_name', label: 'Full name', kind: 'text', required: true },
      ...PERSON_FIELDS,
      { key: 'llpin', label: 'LLPIN (for an LLP)', kind: 'llpin' },
    ],
    msem: true,
    partners: true,
  },
  CompanyPublicInterested: { fields: [], listing: true },
  CompanyPublicNotInterested: {
    fields: [
      { key: 'first_name', label: 'First name', kind: 'text', required: true },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'password', label: 'Password', kind: 'password' },
      { key: 'confirm_password', label: 'Confirm password', kind: 'password' },
      ...PERSON_FIELDS.filter((field) => field.key !== 'spouse_name'),
    ],
    msem: true,
    partners: true,
  },
  LocalAuthority: {
    fields: [
      { key: 'date_of_creation', label: 'Date of creation', kind: 'pastDate' },
      { key: 'deed', label: 'Deed', kind: 'text' },
      { key: 'registration_no_1', label: 'Registration number 1', kind: 'text' },
      { key: 'registration_no_2', label: 'Registration number 2', kind: 'text' },
      { key: 'registration_no_3', label: 'Registration number 3', kind: 'text' },
      { key: 'registration_no_4', label: 'Registration number 4', kind: 'text' },
      ...BANK_FIELDS,
    ],
    msem: true,
    registration12aa: true,
  },
  AssociationOfPersons: identifiers(REGISTRATION_NUMBER, 'Date of formation'),
  AopTrust: identifiers(
    { ...REGISTRATION_NUMBER, label: 'Trust registration number' },
    'Date of creation of the trust',
  ),
  BodyOfIndividuals: identifiers(REGISTRATION_NUMBER, 'Date of formation'),
  ArtificialJuridicalPerson: identifiers(REGISTRATION_NUMBER, 'Date of formation'),
  CooperativeSociety: identifiers(
    { ...REGISTRATION_NUMBER, label: 'Society registration number' },
    'Date of registration',
  ),
  CompanyPrivate: identifiers({ key: 'cin', label: 'CIN', kind: 'cin' }, 'Date of incorporation'),
};

/** What each sub-form is called on screen (never the template's code name). */
export const TEMPLATE_HEADINGS: Record<ClientTemplate, string> = {
  Individual: 'Personal details',
  Huf: 'HUF details',
  Firm: 'Firm details',
  CompanyPublicInterested: 'Company details',
  CompanyPublicNotInterested: 'Company details',
  LocalAuthority: 'Local authority details',
  AssociationOfPersons: 'AOP details',
  AopTrust: 'Trust details',
  BodyOfIndividuals: 'BOI details',
  ArtificialJuridicalPerson: 'Entity details',
  CooperativeSociety: 'Society details',
  CompanyPrivate: 'Company details',
};

export const TEMPLATE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  date: DATE_MESSAGES.invalid,
  pastDate: 'Enter a date that is not in the future.',
  sex: 'Choose male, female or other.',
  aadhaar: 'Enter a valid 12-digit Aadhaar number.',
  pan: SHARED_MESSAGES.panInvalid,
  email: SHARED_MESSAGES.emailInvalid,
  taxYear: 'Enter a tax year like 2022-2023.',
  taxYearOrder: 'The end must not be before the start.',
  din: 'A DIN has 8 digits.',
  msmeType: 'Choose micro, small or medium.',
  bankAccount: 'Enter a bank account number of 9 to 18 digits.',
  ifsc: 'Enter a valid IFSC (e.g. HDFC0001234).',
  cin: 'Enter a valid CIN (e.g. U74999MH2015PTC123456).',
  llpin: 'Enter a valid LLPIN (e.g. AAB-1234).',
  yesNo: 'Choose yes or no.',
  partnerCount: `Enter a number of partners from 1 to ${MAX_PARTNERS}.`,
  partnerRows: 'Fill in one row per partner.',
  passwordsDiffer: 'The passwords do not match.',
  passwordClearedAndSet: 'Either set a new password or clear it, not both.',
  listedSince: 'Enter the date it was listed since.',
  tooLong: SHARED_MESSAGES.tooLong,
  noTemplate: 'This client status has no additional details.',
  statusNeeded: 'Select a client status for these details.',
  notObject: 'Additional details must be a JSON object.',
} as const;

const T = TEMPLATE_MESSAGES;
const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const today = () => new Date().toISOString().slice(0, 10);

function isTaxYear(value: string): boolean {
  const match = /^(\d{4})-(\d{4})$/.exec(value);
  return !!match && Number(match[2]) === Number(match[1]) + 1;
}

/** One field's value: trimmed, normalised, or a message. */
function checkField(field: TemplateField, raw: unknown): { value?: string; error?: string } {
  if (blank(raw)) return field.required ? { error: T.required(field.label) } : {};
  if (typeof raw !== 'string') return { error: T.required(field.label) };
  const value = raw.trim();
  if (value.length > 200) return { error: T.tooLong };
  switch (field.kind) {
    case 'date': {
      const iso = parseIndianDate(value);
      return iso ? { value: iso } : { error: T.date };
    }
    case 'pastDate': {
      const iso = parseIndianDate(value);
      if (!iso) return { error: T.date };
      return iso <= today() ? { value: iso } : { error: T.pastDate };
    }
    case 'cin':
      return CIN_PATTERN.test(value.toUpperCase()) ? { value: value.toUpperCase() } : { error: T.cin };
    case 'llpin':
      return LLPIN_PATTERN.test(value.toUpperCase()) ? { value: value.toUpperCase() } : { error: T.llpin };
    case 'sex':
      return SEX_OPTIONS.some((option) => option.value === value) ? { value } : { error: T.sex };
    case 'msmeType':
      return MSME_TYPES.some((option) => option.value === value) ? { value } : { error: T.msmeType };
    case 'aadhaar': {
      const digits = value.replace(/\s/g, '');
      return isValidAadhaar(digits) ? { value: digits } : { error: T.aadhaar };
    }
    case 'pan':
      return PAN_PATTERN.test(value.toUpperCase()) ? { value: value.toUpperCase() } : { error: T.pan };
    case 'email':
      return z.email().safeParse(value).success ? { value } : { error: T.email };
    case 'taxYear':
      return isTaxYear(value) ? { value } : { error: T.taxYear };
    case 'din':
      return /^\d{8}$/.test(value) ? { value } : { error: T.din };
    case 'bankAccount': {
      const digits = value.replace(/[\s-]/g, '');
      return /^\d{9,18}$/.test(digits) ? { value: digits } : { error: T.bankAccount };
    }
    case 'ifsc':
      return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.toUpperCase()) ? { value: value.toUpperCase() } : { error: T.ifsc };
    default:
      return { value };
  }
}

type TemplateIssue = { path: (string | number)[]; message: string };

function checkFields(
  fields: TemplateField[],
  source: Record<string, unknown>,
  output: Record<string, unknown>,
  issues: TemplateIssue[],
  prefix: (string | number)[] = [],
) {
  for (const field of fields) {
    const { value, error } = checkField(field, source[field.key]);
    if (error) issues.push({ path: [...prefix, field.key], message: error });
    else if (value !== undefined) output[field.key] = value;
  }
}

function allowedKeys(definition: TemplateDefinition): Set<string> {
  const keys = definition.fields.map((field) => field.key);
  if (definition.msem) keys.push('msem', ...MSEM_FIELDS.map((field) => field.key));
  if (definition.partners) keys.push('number_of_partners', 'partners');
  if (definition.listing)
    for (const exchange of LISTING_EXCHANGES) keys.push(`listed_at_${exchange.key}`, `listed_since_${exchange.key}`);
  if (definition.registration12aa) keys.push(...REGISTRATION_12AA_FIELDS.map((field) => field.key));
  if (hasPasswordField(definition)) keys.push(CLEAR_PASSWORD_KEY);
  return new Set(keys);
}

/**
 * Checks a sub-form against its template: unknown keys, required fields, formats (Aadhaar, PAN, dates,
 * tax years), the msem and partner rules. Answers the normalised data to store, and the issues.
 */
export function checkTemplateData(
  template: ClientTemplate,
  data: Record<string, unknown>,
): { value: Record<string, unknown>; issues: TemplateIssue[] } {
  const definition = CLIENT_TEMPLATES[template];
  const issues: TemplateIssue[] = [];
  const value: Record<string, unknown> = {};
  const allowed = allowedKeys(definition);
  for (const key of Object.keys(data))
    if (!allowed.has(key)) issues.push({ path: [key], message: 'This field is not allowed.' });
  checkFields(definition.fields, data, value, issues);

  if (definition.msem) {
    const msem = data.msem;
    if (msem !== 'yes' && msem !== 'no') issues.push({ path: ['msem'], message: T.yesNo });
    else {
      value.msem = msem;
      // The MSME fields exist only on yes; on no they are dropped, not stored.
      if (msem === 'yes') checkFields(MSEM_FIELDS, data, value, issues);
    }
  }
  if (definition.partners) checkPartners(data, value, issues);
  if (definition.listing) checkListing(data, value, issues);
  if (definition.registration12aa) {
    checkFields(REGISTRATION_12AA_FIELDS, data, value, issues);
    if (
      typeof value.valid_from === 'string' &&
      typeof value.valid_to === 'string' &&
      value.valid_to < value.valid_from
    ) {
      issues.push({ path: ['valid_to'], message: T.taxYearOrder });
    }
  }
  if (hasPasswordField(definition)) checkPasswordChange(data, value, issues);
  return { value, issues };
}

/** The sub-form's stored password is write-only: a new one replaces it, `clear_password` removes it. */
export const CLEAR_PASSWORD_KEY = 'clear_password';

function hasPasswordField(definition: TemplateDefinition): boolean {
  return definition.fields.some((field) => field.key === 'password');
}

function checkPasswordChange(data: Record<string, unknown>, value: Record<string, unknown>, issues: TemplateIssue[]) {
  if ((value.password ?? '') !== (value.confirm_password ?? ''))
    issues.push({ path: ['confirm_password'], message: T.passwordsDiffer });
  delete value.confirm_password;
  // 'yes'/'no' from an API client, true/false from the form's checkbox.
  const clear = data[CLEAR_PASSWORD_KEY] ?? 'no';
  const known = clear === 'yes' || clear === 'no' || typeof clear === 'boolean';
  if (!known) issues.push({ path: [CLEAR_PASSWORD_KEY], message: T.yesNo });
  else if ((clear === 'yes' || clear === true) && value.password !== undefined)
    issues.push({ path: ['password'], message: T.passwordClearedAndSet });
  // Kept for the server, which drops it after deciding (users' sub-form secrets).
  else if (clear === 'yes' || clear === true) value[CLEAR_PASSWORD_KEY] = 'yes';
}

function checkPartners(data: Record<string, unknown>, value: Record<string, unknown>, issues: TemplateIssue[]) {
  const count = Number(data.number_of_partners);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PARTNERS) {
    issues.push({ path: ['number_of_partners'], message: T.partnerCount });
    return;
  }
  value.number_of_partners = count;
  const rows = Array.isArray(data.partners) ? data.partners : [];
  if (rows.length !== count) issues.push({ path: ['number_of_partners'], message: T.partnerRows });
  value.partners = rows.slice(0, MAX_PARTNERS).map((row, index) => {
    const partner: Record<string, unknown> = {};
    const source = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    for (const key of Object.keys(source)) {
      if (!PARTNER_FIELDS.some((field) => field.key === key))
        issues.push({ path: ['partners', index, key], message: 'This field is not allowed.' });
    }
    checkFields(PARTNER_FIELDS, source, partner, issues, ['partners', index]);
    return partner;
  });
}

function checkListing(data: Record<string, unknown>, value: Record<string, unknown>, issues: TemplateIssue[]) {
  for (const exchange of LISTING_EXCHANGES) {
    const listed = data[`listed_at_${exchange.key}`] ?? 'no';
    if (listed !== 'yes' && listed !== 'no') {
      issues.push({ path: [`listed_at_${exchange.key}`], message: T.yesNo });
      continue;
    }
    value[`listed_at_${exchange.key}`] = listed;
    if (listed === 'no') continue;
    const since = data[`listed_since_${exchange.key}`];
    const { value: date, error } = checkField({ key: '', label: 'Listed since', kind: 'pastDate' }, since);
    if (error || !date)
      issues.push({ path: [`listed_since_${exchange.key}`], message: error && !blank(since) ? error : T.listedSince });
    else value[`listed_since_${exchange.key}`] = date;
  }
}
