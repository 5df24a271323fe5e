import { MIN_INDEXED_TERM, quotePhrase } from '../../db/search-index.js';

/**
 * What one search box term is compared with, each in the form its column stores (so no column is
 * rewritten in SQL): names, emails and usernames lower-cased, PAN and GSTIN upper-cased without spaces,
 * a mobile as the 10 digits the user form stores (contract `normalizeMobile`).
 */
export type SearchTerm = {
  /** Lower-cased, for names, emails and usernames. */
  text: string;
  /** Upper-cased letters and digits, for PAN and GSTIN; null when the term has anything else. */
  taxId: string | null;
  /** The digits of a mobile, its +91, 0091 or 0 prefix dropped; null when the term is not a number. */
  mobile: string | null;
};

const PHONE_LIKE = /^[+\d\s().-]+$/;

/**
 * A typed phone number (`+91 98200 10003`, `098200-10003`, `91 9820010003`, or part of one) as the
 * stored digits. A leading 0 is a trunk prefix only before a mobile's first digit (6-9), so `00007`
 * still finds numbers containing 00007.
 */
export function readMobileTerm(input: string): string | null {
  if (!PHONE_LIKE.test(input)) return null;
  const compact = input
    .replace(/[\s().-]/g, '')
    .replace(/^(\+91|0091)/, '')
    .replace(/^0(?=[6-9])/, '')
    .replace(/^91(?=[6-9][0-9]{9}$)/, '');
  return /[0-9]/.test(compact) ? compact : null;
}

export function readSearchTerm(input: string): SearchTerm {
  const compact = input.replace(/[\s-]/g, '');
  return {
    text: input.toLowerCase(),
    taxId: /^[A-Za-z0-9]+$/.test(compact) ? compact.toUpperCase() : null,
    mobile: readMobileTerm(input),
  };
}

/** User text inside a LIKE pattern: its own `%`, `_` and `\` match literally (`escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The term as an FTS5 query of `users_search` (migration 0063), each part against the columns it
 * searched with LIKE: the text in names, emails and usernames, the tax id in PAN and GSTIN, the digits in
 * mobiles. Null when a part is shorter than a trigram: that search reads the firm's rows as before
 * (docs/decisions/0048-search-indexes.md).
 */
export function readIndexedSearch(term: SearchTerm): string | null {
  const parts = [`{name email username} : ${quotePhrase(term.text)}`];
  if (term.taxId) parts.push(`{pan gstin} : ${quotePhrase(term.taxId)}`);
  if (term.mobile) parts.push(`mobile : ${quotePhrase(term.mobile)}`);
  const lengths = [term.text, term.taxId, term.mobile].flatMap((part) => (part === null ? [] : [[...part].length]));
  return Math.min(...lengths) >= MIN_INDEXED_TERM ? parts.join(' OR ') : null;
}

/** A client name as an FTS5 query of `users_search`'s names; null when shorter than a trigram. */
export function readIndexedName(text: string): string | null {
  return [...text].length >= MIN_INDEXED_TERM ? `name : ${quotePhrase(text)}` : null;
}
