import { INVITATION_LINK_DAYS, RESET_LINK_MINUTES } from '@portal/contract/passwords';
import { PRODUCT_NAME } from '@portal/contract/product';
import type { MailMessage } from './mail-queue.js';
import { findMailSafeName, withoutLinks } from './mail-safe-text.js';

/**
 * Every message the portal sends, in its name: plain text plus the same in simple HTML. Each says only
 * what the recipient already knows (their own name and username) besides what happened and when.
 */
export type Recipient = { email: string; first_name: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/mm/yyyy, hh:mm IST, as the portal shows dates (docs/decisions/0010). */
export function formatMailTime(at: Date): string {
  return `${istTime.format(at)} IST`;
}

/** A paragraph of text, a link with its label, or a list of lines. */
export type Paragraph = string | { link: string; label: string } | { items: string[] };

function paragraphText(part: Paragraph): string {
  if (typeof part === 'string') return part;
  if ('items' in part) return part.items.map((item) => `- ${item}`).join('\n');
  return `${part.label}:\n${part.link}`;
}

function paragraphHtml(part: Paragraph): string {
  if (typeof part === 'string') return `<p>${escapeHtml(part)}</p>`;
  if ('items' in part) return `<ul>${part.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p><p style="color:#555;font-size:13px">${escapeHtml(
    part.link,
  )}</p>`;
}

/** A message in the portal's one layout (other modules' messages use it too: notifications/digest-message.ts). */
export function compose(to: Recipient, subject: string, paragraphs: Paragraph[]): MailMessage {
  const name = findMailSafeName(to.first_name);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const closing = `— ${PRODUCT_NAME}`;
  const text = [greeting, ...paragraphs.map(paragraphText), closing].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222"><p>${escapeHtml(
    greeting,
  )}</p>${paragraphs.map(paragraphHtml).join('')}<p>${escapeHtml(closing)}</p></body></html>`;
  return { to: to.email, subject: `${PRODUCT_NAME}: ${subject}`, text, html };
}

const IF_NOT_YOU =
  'If this was not you, use "Forgot password?" on the sign-in page at once and tell whoever manages your account.';

export function passwordChangedMessage(to: Recipient, at: Date): MailMessage {
  return compose(to, 'your password was changed', [
    `The password of your ${PRODUCT_NAME} account was changed on ${formatMailTime(at)}. Your other sessions were signed out.`,
    IF_NOT_YOU,
  ]);
}

export function passwordResetDoneMessage(to: Recipient, at: Date): MailMessage {
  return compose(to, 'your password was reset', [
    `A new password was set for your ${PRODUCT_NAME} account through a reset link on ${formatMailTime(at)}. Every session was signed out.`,
    IF_NOT_YOU,
  ]);
}

export function resetLinkMessage(to: Recipient, link: string): MailMessage {
  return compose(to, 'reset your password', [
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes. It works once.`,
    { link, label: 'Choose a new password' },
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ]);
}

/**
 * Who sent an invitation and for which firm, as full names someone typed: each is mailed only when it
 * reads as a name (`findMailSafeName`), and only in the body (escaped in HTML), never in a header.
 */
export type InvitationSender = { invitedBy: string | null; firmLead: string | null; ownFirm: boolean };

function describeInvitation({ invitedBy, firmLead, ownFirm }: InvitationSender): string {
  const inviter = findMailSafeName(invitedBy);
  const lead = findMailSafeName(firmLead);
  if (ownFirm)
    return inviter
      ? `${inviter} set up an account for your firm on ${PRODUCT_NAME}.`
      : `An account has been set up for your firm on ${PRODUCT_NAME}.`;
  if (inviter && inviter === lead) return `${inviter} invited you to join their firm on ${PRODUCT_NAME}.`;
  const firm = lead ? `the firm of ${lead}` : 'a firm';
  return inviter
    ? `${inviter} invited you to join ${firm} on ${PRODUCT_NAME}.`
    : `Someone at ${firm} invited you to join it on ${PRODUCT_NAME}.`;
}

export function invitationMessage(
  to: Recipient & { username: string },
  link: string,
  sender: InvitationSender,
): MailMessage {
  return compose(to, 'your account is ready', [
    describeInvitation(sender),
    `Your username is ${to.username}; you can also sign in with this email address.`,
    `Set your password with this link within ${INVITATION_LINK_DAYS} days. It works once.`,
    { link, label: 'Set your password' },
  ]);
}

export function firmApprovedMessage(to: Recipient, signInLink: string): MailMessage {
  return compose(to, 'your firm was approved', [
    `Your firm's registration on ${PRODUCT_NAME} was approved. You can now add your team and clients.`,
    { link: signInLink, label: 'Sign in' },
  ]);
}

export function firmRejectedMessage(to: Recipient, reason: string): MailMessage {
  return compose(to, 'your registration was not approved', [
    `Your firm's registration on ${PRODUCT_NAME} was not approved, so its account is closed. The reason given:`,
    // Typed text, mailed to an address someone else gave: no link in it (mail-safe-text.ts).
    withoutLinks(reason),
    'If you think this is a mistake, reply to the platform that runs this portal.',
  ]);
}

export function twoFactorChangedMessage(
  to: Recipient,
  change: 'enabled' | 'disabled' | 'reset',
  at: Date,
): MailMessage {
  const what = {
    enabled: `Two-factor sign-in was turned on for your ${PRODUCT_NAME} account on ${formatMailTime(at)}. Signing in now also asks for a code from your authenticator app.`,
    disabled: `Two-factor sign-in was turned off for your ${PRODUCT_NAME} account on ${formatMailTime(at)}.`,
    reset: `The person who manages your ${PRODUCT_NAME} account removed your two-factor sign-in on ${formatMailTime(at)}, for example because you lost your phone. You can set it up again in My Profile.`,
  }[change];
  return compose(
    to,
    `two-factor sign-in ${change === 'enabled' ? 'turned on' : change === 'disabled' ? 'turned off' : 'reset'}`,
    [what, IF_NOT_YOU],
  );
}
