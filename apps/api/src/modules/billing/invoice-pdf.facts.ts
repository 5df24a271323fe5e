import type { SupplyKind } from '@portal/contract/billing-tax';
import type { InvoiceStatus } from '@portal/contract/invoices';

/** Everything an invoice's PDF prints (CGST Rules rule 46, docs/billing.md), gathered before drawing. */
export type InvoicePdfFacts = {
  status: InvoiceStatus;
  /** Null while a draft: a draft carries no number. */
  number: string | null;
  invoiceDate: string;
  dueDate: string;
  supplyKind: SupplyKind;
  localHead: 'SGST' | 'UTGST';
  supplier: {
    legalName: string;
    address: string;
    state: string;
    stateCode: string | null;
    gstin: string | null;
    pan: string;
  };
  recipient: {
    name: string;
    address: string | null;
    gstin: string | null;
    state: string | null;
    stateCode: string | null;
  };
  placeOfSupply: { state: string; code: string | null } | null;
  lines: {
    description: string;
    sac: string;
    quantity: number;
    ratePaise: number;
    discountPaise: number;
    taxablePaise: number;
    gstRateBp: number;
    cgstPaise: number;
    localPaise: number;
    igstPaise: number;
  }[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    localPaise: number;
    igstPaise: number;
    roundOffPaise: number;
    totalPaise: number;
    reverseChargePaise: number;
  };
  balanceDuePaise: number;
  /** The full account number: the PDF goes only to the firm and its client, who pays into it. */
  bank: { name: string | null; account: string | null; ifsc: string | null };
  /** The `upi://pay` link the QR carries, or null for none. */
  upiLink: string | null;
  upiVpa: string | null;
  terms: string | null;
  notes: string | null;
  signatory: string;
  irn: { irn: string; ackNumber: string | null; ackDate: string | null } | null;
  irnRequired: boolean;
  cancelReason: string | null;
  logo: Buffer | null;
};
