/**
 * A name someone typed, as a mail may show it to another person: only when it reads as a name of a person
 * or a business. A sign-up can type any first name and have the portal mail it to any address, so a "name"
 * that carries a link, an address or a sentence ("Urgent - re-verify your PAN at http://evil.test/kyc -")
 * is left out of the mail (issue 20); the caller says something neutral instead.
 */
// Letters of any script, digits, and what names of people and firms use: "A.K. Sharma", "M/s Rao & Sons (HUF)".
const NAME_SHAPE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/-]*$/u;
// A word, a dot and two letters or more is a domain ("evil.test"), not initials ("A.K.") or "Pvt. Ltd.".
const DOMAIN_LIKE = /[\p{L}\p{N}]\.\p{L}{2,}/u;
const LINK_LIKE = /\/\/|www\./iu;
const MAX_LENGTH = 60;
const MAX_WORDS = 8;

export function findMailSafeName(typed: string | null | undefined): string | null {
  const name = (typed ?? '').replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > MAX_LENGTH || name.split(' ').length > MAX_WORDS) return null;
  if (!NAME_SHAPE.test(name) || DOMAIN_LIKE.test(name) || LINK_LIKE.test(name)) return null;
  return name;
}
