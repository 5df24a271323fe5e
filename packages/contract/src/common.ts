import { z } from 'zod';
import { INDIAN_PINCODE_PATTERN } from './identifiers.js';

export const COMMON_PATHS = {
  pincode: '/common/pincode',
  clientStatus: '/common/clientStatus',
} as const;

export const PINCODE_MESSAGES = {
  invalid: 'Enter a valid 6-digit pincode.',
  found: 'Pincode details fetched successfully.',
  unknown: 'No details are known for this pincode; enter the city and state yourself.',
} as const;

export const pincodeQuerySchema = z.object({
  pincode: z.string({ error: PINCODE_MESSAGES.invalid }).trim().regex(INDIAN_PINCODE_PATTERN, PINCODE_MESSAGES.invalid),
});

/** `statename` fills State and `district` fills City; both empty when unknown. */
export const pincodeResultSchema = z.object({ statename: z.string(), district: z.string() });
export type PincodeResult = z.infer<typeof pincodeResultSchema>;

export const CLIENT_TEMPLATES = [
  'Individual',
  'Huf',
  'Firm',
  'CompanyPublicInterested',
  'CompanyPublicNotInterested',
  'LocalAuthority',
  // Issue 9: statuses the spec gives no sub-form record their identifiers.
  'AssociationOfPersons',
  'AopTrust',
  'BodyOfIndividuals',
  'ArtificialJuridicalPerson',
  'CooperativeSociety',
  'CompanyPrivate',
] as const;
export type ClientTemplate = (typeof CLIENT_TEMPLATES)[number];

/** A client status as answers carry it (one of `CLIENT_STATUSES`). */
export const clientStatusOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  template: z.enum(CLIENT_TEMPLATES).nullable(),
});

/**
 * The 12 client statuses. Six name the spec's sub-form templates; the other six
 * (issue 9) a short one for their identifiers (registration number or CIN, date of formation).
 */
export const CLIENT_STATUSES: readonly { value: number; label: string; template: ClientTemplate | null }[] = [
  { value: 1, label: 'Individual', template: 'Individual' },
  { value: 2, label: 'H.U.F.', template: 'Huf' },
  { value: 3, label: 'Firm', template: 'Firm' },
  { value: 4, label: 'AOP (Including Private Discretionary Trust)', template: 'AssociationOfPersons' },
  { value: 5, label: 'AOP Trust (Only for ITR-7 Cases)', template: 'AopTrust' },
  { value: 6, label: 'Body Of Individual', template: 'BodyOfIndividuals' },
  { value: 7, label: 'Artificial Jurdicial Person', template: 'ArtificialJuridicalPerson' },
  { value: 8, label: 'Co-Operative Society', template: 'CooperativeSociety' },
  { value: 9, label: 'Company Public Interested', template: 'CompanyPublicInterested' },
  { value: 10, label: 'Company Public Not Interested', template: 'CompanyPublicNotInterested' },
  { value: 11, label: 'Company Private', template: 'CompanyPrivate' },
  { value: 12, label: 'Local Authority', template: 'LocalAuthority' },
];

export type ClientStatusOption = (typeof CLIENT_STATUSES)[number];

/** The one status that is a person; every other client is a business whose name is its legal name. */
const INDIVIDUAL_STATUS_ID = 1;

export function isBusinessStatus(statusId: number | null | undefined): boolean {
  return statusId !== null && statusId !== undefined && statusId !== INDIVIDUAL_STATUS_ID;
}

/**
 * The one last-name rule (docs/api-conventions.md): people have one; a business client is named by its
 * legal name alone. Used by the user form, the own-profile form and the server's checks of both.
 */
export function needsLastName(role: string, clientStatusId: number | null | undefined): boolean {
  return !(role === 'client' && isBusinessStatus(clientStatusId));
}

/** Deployment settings the web needs to mirror the server's rules (docs/api-conventions.md). */
export const portalSettingsSchema = z.object({
  require_tax_id: z.boolean(),
  registration_open: z.boolean(),
  /** A firm that signs itself up waits for the admin's approval. */
  registration_approval: z.boolean(),
  max_upload_mb: z.number(),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

export const SETTINGS_PATH = '/common/settings';
