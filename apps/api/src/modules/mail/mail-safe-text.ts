/**
 * Text someone typed, as a mail shows it to another person (issue 20): a sign-up can type any name, and a
 * firm any request message, and have the portal mail it in its own name to any address it was given.
 */

// Letters of any script, digits, and what names of people and firms use: "A.K. Sharma", "M/s Rao & Sons (HUF)".
const NAME_SHAPE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/-]*$/u;
// A word, a dot and two letters or more is a domain ("evil.test"), not initials ("A.K.") or "Pvt. Ltd.".
const DOMAIN_LIKE = /[\p{L}\p{N}]\.\p{L}{2,}/u;
const LINK_LIKE = /\/\/|www\./iu;
// A slash only as in "M/s", "S/o", "D/o": between two single letters.
const NAME_SLASH = /(?<![\p{L}\p{N}])\p{L}\/\p{L}(?![\p{L}\p{N}])/gu;
// Four digits in a row: a phone number or a code, not a name ("24x7 Traders" has none).
const DIGIT_RUN = /\p{N}{4}/u;
const MAX_LENGTH = 60;
const MAX_WORDS = 6;

/**
 * A typed name, only when it reads as the name of a person or a business; otherwise null and the caller
 * says something neutral ("Hello,", "a client"). A "name" that carries a link, an address, a phone number
 * or a sentence ("Urgent - re-verify your PAN at http://evil.test/kyc -") is left out.
 */
export function findMailSafeName(typed: string | null | undefined): string | null {
  const name = (typed ?? '').replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > MAX_LENGTH || name.split(' ').length > MAX_WORDS) return null;
  if (!NAME_SHAPE.test(name) || LINK_LIKE.test(name) || DIGIT_RUN.test(name) || DOMAIN_LIKE.test(name)) return null;
  if (name.replace(NAME_SLASH, '').includes('/')) return null;
  return name;
}

// An address someone could follow: a scheme, "www.", or a host name (words joined by dots ending in a
// top-level name), with an optional user part and path.
const LINK_IN_TEXT =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[\w.+-]+@)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:[/?#]\S*)?)/giu;
export const LINK_REMOVED = '[link removed]';

/**
 * Free text someone typed (a request's message, a document's name, a rejection's reason), with anything
 * that reads as a link or an email address replaced: the portal's mail leads only to the portal, whose
 * own link the mail carries; the text stays whole in the portal itself.
 */
export function withoutLinks(typed: string): string {
  return typed.replace(LINK_IN_TEXT, LINK_REMOVED);
}
