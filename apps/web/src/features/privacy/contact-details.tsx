import type { DataProtectionContact } from '@portal/contract/privacy';

/** A data protection contact: name, then its email and phone as links a phone can follow. */
export function ContactDetails({ contact }: { contact: DataProtectionContact }) {
  return (
    <span>
      {contact.name}, <a href={`mailto:${contact.email}`}>{contact.email}</a>,{' '}
      <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
    </span>
  );
}
