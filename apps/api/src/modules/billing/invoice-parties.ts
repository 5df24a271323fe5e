import { GST_STATE_CODES } from '@portal/contract/billing-tax';
import { findIndianState } from '@portal/contract/indian-states';
import type { Kysely } from 'kysely';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { findRecipientOf } from './invoice-documents.repository.js';
import type { InvoicePdfFacts } from './invoice-pdf.facts.js';
import type { ProfileRow } from './profile.repository.js';

/** Who the invoice is from and to, and who signs it: kept as issued (`invoices.issued_parties`). */
export type InvoiceParties = Pick<InvoicePdfFacts, 'supplier' | 'recipient' | 'signatory'>;

/** The GST code of a state as typed on a record (any spelling the portal knows), or null. */
export function findStateCode(state: string | null): string | null {
  const known = state ? findIndianState(state) : undefined;
  return known ? (GST_STATE_CODES[known as keyof typeof GST_STATE_CODES] ?? null) : null;
}

/**
 * The parties as the profile and the client's record say now: a draft shows them so, and issuing keeps
 * them with the invoice, so that a later change of address or name does not rewrite an issued invoice.
 */
export async function describeParties(
  db: Kysely<DB>,
  profile: ProfileRow,
  invoice: { client_id: number; place_of_supply: string | null },
): Promise<InvoiceParties> {
  const client = await findRecipientOf(db, invoice.client_id);
  if (!client) throw new Error(`client ${invoice.client_id} of an invoice not found`);
  return {
    supplier: {
      legalName: profile.legal_name,
      address: profile.address,
      state: profile.state,
      stateCode: findStateCode(profile.state),
      gstin: profile.gstin,
      pan: profile.pan,
    },
    recipient: {
      name: fullName(client.first_name, client.last_name),
      address: [client.address, client.city, client.pincode].filter(Boolean).join(', ') || null,
      gstin: client.gst_number,
      // A registered client is placed by its GSTIN's state (the place of supply says it); another by its
      // record's state, if any (the place of supply falls back to the firm's, which is not the client's).
      state: client.gst_number ? invoice.place_of_supply : client.state,
      stateCode: client.gst_number ? client.gst_number.slice(0, 2) : findStateCode(client.state),
    },
    signatory: profile.signatory,
  };
}

/** The parties an issued invoice kept, or else (a draft, or one issued before they were kept) today's. */
export async function readPartiesOf(
  db: Kysely<DB>,
  profile: ProfileRow,
  invoice: { client_id: number; place_of_supply: string | null; issued_parties: string | null },
): Promise<InvoiceParties> {
  if (invoice.issued_parties) return JSON.parse(invoice.issued_parties) as InvoiceParties;
  return describeParties(db, profile, invoice);
}
