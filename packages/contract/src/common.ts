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

/** Spec section 3: `statename` fills State and `district` fills City; both empty when unknown. */
export type PincodeResult = { statename: string; district: string };

export type ClientTemplate =
  | 'Individual'
  | 'Huf'
  | 'Firm'
  | 'CompanyPublicInterested'
  | 'CompanyPublicNotInterested'
  | 'LocalAuthority';

/** The 12 client statuses of spec section 3; only six name a sub-form template. */
export const CLIENT_STATUSES: readonly { value: number; label: string; template: ClientTemplate | null }[] = [
  { value: 1, label: 'Individual', template: 'Individual' },
  { value: 2, label: 'H.U.F.', template: 'Huf' },
  { value: 3, label: 'Firm', template: 'Firm' },
  { value: 4, label: 'AOP (Including Private Discretionary Trust)', template: null },
  { value: 5, label: 'AOP Trust (Only for ITR-7 Cases)', template: null },
  { value: 6, label: 'Body Of Individual', template: null },
  { value: 7, label: 'Artificial Jurdicial Person', template: null },
  { value: 8, label: 'Co-Operative Society', template: null },
  { value: 9, label: 'Company Public Interested', template: 'CompanyPublicInterested' },
  { value: 10, label: 'Company Public Not Interested', template: 'CompanyPublicNotInterested' },
  { value: 11, label: 'Company Private', template: null },
  { value: 12, label: 'Local Authority', template: 'LocalAuthority' },
];

export type ClientStatusOption = (typeof CLIENT_STATUSES)[number];

/** Deployment settings the web needs to mirror the server's rules (design.md section 7). */
export type PortalSettings = {
  require_tax_id: boolean;
  registration_open: boolean;
  max_upload_mb: number;
};

export const SETTINGS_PATH = '/common/settings';
