/**
 * The portal's default privacy notice (version 0), in force for a firm until its MPC publishes its own.
 * Plain English; `## ` starts a heading and `- ` an item of a list (the screen and the editor read the
 * same marks). The firm's data protection contact is shown after the text, as every page's footer
 * shows it. What it must say: DPDP Act 2023 s.5(1) and Rules 2025 rule 3 (itemised personal data and
 * purposes, how to withdraw consent and use one's rights, how to complain to the Board); see
 * docs/data-protection.md.
 */
export function buildDefaultNotice(firmName: string): string {
  return `## Privacy notice of ${firmName}

${firmName} ("we") uses this portal to give you tax, accounting and compliance services. We decide why and how your personal data is used in the portal, so under the Digital Personal Data Protection Act, 2023 we are the Data Fiduciary for it. Please read this notice before you accept it.

## The personal data the portal keeps, and why

- Your name, email address, mobile number and address: to know who you are, to reach you and to sign you in.
- Your PAN, and your GSTIN and TAN if you have them: to prepare and file your returns and to match your records with the tax departments.
- Your Aadhaar number, only where a filing needs it (for example to link it with your PAN or to verify a return): it is kept encrypted and shown only by its last four digits.
- Your bank account details: for the refunds and payments your returns and filings name.
- The details of your family members that you enter (name, mobile number, email address): to give them the services you ask of us. You enter them, so please tell them you have shared their details with us. The details of a minor (under 18) are entered only with the consent of the minor's parent or lawful guardian, whom the portal records.
- The tax papers and documents you or we upload (returns, statements, notices, invoices, proofs): to do the work you ask of us and to keep the records the tax laws require.
- Sign-in and activity records (when you signed in, from which internet address and browser, and what was done in the portal): to keep your account safe and to show who did what.

If you work for us, this notice also covers what the portal keeps about you for that work: your identity and contact details, and your sign-in and activity records.

## Who sees it

Our staff who work on your services, and another firm only if we hand one of your services to it. We give your data to the tax authorities when we file for you. We do not sell your data and do not use it for advertising.

## How long we keep it

As long as we give you services, and after that only as long as a law requires us to keep a record (for example books of account and GST records). Then it is erased.

## Your rights

- Access: ask us for a summary of your personal data and of whom it was shared with.
- Correction and erasure: ask us to correct, complete or update your data, or to erase what is no longer needed.
- Grievance: tell us when something is wrong. We answer within 90 days at the most.
- Nomination: name someone who may use these rights for you if you die or cannot act yourself.
- Withdraw your consent at any time, from your Profile in this portal, as easily as you gave it. We then stop using your data for anything that needs your consent, so services that need the data may stop. Records a law requires us to keep are kept until that law lets us erase them, and what was done before you withdrew stays lawful.

## Whom to ask

Our data protection contact answers your questions about your personal data. Their name, email address and phone number are given at the end of this notice and at the foot of every page of the portal.

## Complaints to the Data Protection Board of India

If we do not resolve your grievance, you may complain to the Data Protection Board of India. The law asks you to raise it with us first.

This notice is given under section 5 of the Digital Personal Data Protection Act, 2023 and rule 3 of the Digital Personal Data Protection Rules, 2025 (consent: section 6; the contact: section 8(9) and rule 9; children: section 9 and rule 10; your rights: sections 11 to 14 and rule 14).`;
}
