import type { RoleName } from './roles.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/** Proofs of the three tax identifiers (PAN, GST, TAN), which clients and staff both carry. */
const TAX_ID_PROOFS = ['pan_proof', 'gst_proof', 'tan_proof'] as const;

/** Files a user record carries, each kept once per user. */
export const DOCUMENT_TYPES = [
  ...TAX_ID_PROOFS,
  'qualification_proof',
  'logo',
  'profile_picture',
  'msme_document',
  'registration_12aa_document',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  pan_proof: 'PAN proof',
  gst_proof: 'GST proof',
  tan_proof: 'TAN proof',
  qualification_proof: 'Qualification proof',
  logo: 'Logo',
  profile_picture: 'Profile picture',
  msme_document: 'MSME document',
  registration_12aa_document: '12AA registration document',
};

const CLIENT_DOCUMENTS: DocumentType[] = [
  ...TAX_ID_PROOFS,
  'profile_picture',
  'msme_document',
  'registration_12aa_document',
];
const STAFF_DOCUMENTS: DocumentType[] = [...TAX_ID_PROOFS, 'qualification_proof', 'logo', 'profile_picture'];

export function documentTypesFor(role: RoleName): DocumentType[] {
  return role === 'client' ? CLIENT_DOCUMENTS : STAFF_DOCUMENTS;
}

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Proofs may be scans or PDFs; pictures must be images a browser shows safely (no SVG). */
const PROOF_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export function allowedMimeTypesFor(type: DocumentType): readonly string[] {
  return type === 'logo' || type === 'profile_picture' ? PICTURE_MIME_TYPES : PROOF_MIME_TYPES;
}

export const DOCUMENT_MESSAGES = {
  badType: 'This file type is not allowed here: use a PDF, JPEG, PNG or WebP file.',
  badPictureType: 'This file type is not allowed here: use a JPEG, PNG, WebP or GIF image.',
  tooLarge: 'The file is too large.',
  linkInvalid: SHARED_MESSAGES.linkInvalid,
  linkExpired: 'This link has expired. Open the page again to get a new one.',
} as const;

/** The URL path segment of each type: the API names /document/logo and /document/profile. */
export function documentPathSegment(type: DocumentType): string {
  if (type === 'profile_picture') return 'profile';
  return type;
}
