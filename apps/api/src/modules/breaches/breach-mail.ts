import { BREACH_DATA_LABELS, type BreachDataKind } from '@portal/contract/breaches';
import { PRODUCT_NAME } from '@portal/contract/product';
import { compose, formatMailTime, type Paragraph, type Recipient } from '../mail/mail-messages.js';
import type { MailMessage } from '../mail/mail-queue.js';
import { findMailSafeName, withoutLinks } from '../mail/mail-safe-text.js';
import type { DataProtectionContact } from './breach-hooks.js';

/**
 * The notice to one affected person (DPDP Rules 2025 rule 7(1)): what happened, with when and where,
 * the consequences likely for them, what was and is being done, what they can do, and whom to ask.
 *
 * Everything the firm or the admin typed is hostile to the mail: it goes only into the body (escaped in
 * the HTML by `compose`, with links and addresses removed as in every mail of typed text, since a breach
 * is when a fake "reset your password here" does most harm), never into the subject, which is fixed.
 */
export type BreachNoticeContent = {
  /** Who writes: the firm's name as its owner typed it, or the platform. */
  sender: string;
  /** The platform's register: its notice goes to firms, whose clients are theirs to tell. */
  platform: boolean;
  foundAt: Date;
  description: string;
  dataKinds: BreachDataKind[];
  dataOther: string | null;
  consequences: string;
  measures: string;
  advice: string;
  contact: DataProtectionContact | null;
};

export const BREACH_NOTICE_SUBJECT = 'notice of a personal data breach';

/** Typed text as paragraphs: one per line typed, without links. */
const typed = (text: string): string[] =>
  withoutLinks(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Who a notice comes from: the firm by the name its owner gave, else by its owner's name, else "Your firm". */
export function describeSender(firm: { firmName: string | null; ownerName: string } | null): string {
  if (firm === null) return `${PRODUCT_NAME}, the platform that holds your account,`;
  const name = findMailSafeName(firm.firmName);
  if (name) return name;
  const owner = findMailSafeName(firm.ownerName);
  return owner ? `The firm of ${owner}` : 'Your firm';
}

// The contact's address and number as the contact module keeps them; anything else is left out of the mail.
const EMAIL_SHAPE = /^[^\s@<>"'`]+@[^\s@<>"'`/]+\.[^\s@<>"'`/]+$/u;
const PHONE_SHAPE = /^\+?[0-9][0-9 -]{6,18}$/;

function describeContact(contact: DataProtectionContact | null): Paragraph[] {
  const ways = contact
    ? [
        ...(EMAIL_SHAPE.test(contact.email) ? [`Email: ${contact.email}`] : []),
        ...(contact.phone && PHONE_SHAPE.test(contact.phone) ? [`Phone: ${contact.phone}`] : []),
      ]
    : [];
  if (!contact || ways.length === 0) return ['If you have questions, contact the firm that keeps your data.'];
  const name = findMailSafeName(contact.name);
  return [
    name
      ? `If you have questions, contact ${name}, who answers for us on data protection:`
      : 'If you have questions, contact us:',
    { items: ways },
  ];
}

export function breachNoticeMessage(to: Recipient, content: BreachNoticeContent): MailMessage {
  const kinds = content.dataKinds.map((kind) =>
    kind === 'other' && content.dataOther ? `Other: ${withoutLinks(content.dataOther)}` : BREACH_DATA_LABELS[kind],
  );
  return compose(to, BREACH_NOTICE_SUBJECT, [
    `${content.sender} is writing to tell you of a personal data breach that may affect your personal data, as the Digital Personal Data Protection Rules, 2025 (rule 7) require.`,
    `It was found on ${formatMailTime(content.foundAt)}.`,
    'What happened:',
    ...typed(content.description),
    'The personal data affected:',
    { items: kinds },
    'What may follow for you:',
    ...typed(content.consequences),
    'What has been done, and is being done, about it:',
    ...typed(content.measures),
    'What you can do to protect yourself:',
    ...typed(content.advice),
    ...describeContact(content.contact),
    ...(content.platform
      ? [
          "If your firm's clients' data is affected, your firm keeps that data and tells them: its MPC records this breach in the firm's breach register and sends them its notices.",
        ]
      : []),
    `You can also complain to the Data Protection Board of India. Sign in to ${PRODUCT_NAME} as usual to see your account; this message asks you to open no link.`,
  ]);
}
