import { EncryptionKeyError } from '../../encryption/keyring.js';

// What an operator can do about a connection or TLS failure, by the code Node or OpenSSL gave it. Our words,
// never the server's text (it can echo addresses).
const CAUSES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the mail server's TLS certificate is self-signed: set SMTP_CA_FILE to it, or to the authority that signed it",
  SELF_SIGNED_CERT_IN_CHAIN:
    "the mail server's TLS certificate is signed by an authority this server does not trust: set SMTP_CA_FILE to that authority's certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the mail server's TLS certificate is signed by an authority this server does not trust: set SMTP_CA_FILE to that authority's certificate",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the mail server's TLS certificate is signed by an authority this server does not trust: set SMTP_CA_FILE to that authority's certificate",
  CERT_HAS_EXPIRED: "the mail server's TLS certificate has expired",
  CERT_NOT_YET_VALID: "the mail server's TLS certificate is not valid yet (check both machines' clocks)",
  ERR_TLS_CERT_ALTNAME_INVALID: "the mail server's TLS certificate does not name the host in SMTP_URL",
  ECONNREFUSED: 'the mail server refused the connection (is the host and port in SMTP_URL right?)',
  ENOTFOUND: "the mail server's host name in SMTP_URL was not found",
  EAI_AGAIN: "the mail server's host name in SMTP_URL could not be looked up now",
  ETIMEDOUT: 'the mail server did not answer in time',
  ECONNRESET: 'the mail server closed the connection',
};

/**
 * What a log line and the outbox row may say about a failed send: nodemailer's codes, then the cause in words
 * when the code is one an operator can act on, e.g. "ESOCKET SELF_SIGNED_CERT_IN_CHAIN during CONN: the mail
 * server's TLS certificate is signed by an authority this server does not trust: set SMTP_CA_FILE ...".
 */
export function describeMailError(error: unknown): string {
  if (error instanceof EncryptionKeyError) return 'the message cannot be decrypted (its key is missing)';
  const { code, originalCode, responseCode, command } = error as {
    code?: string;
    originalCode?: string;
    responseCode?: number;
    command?: string;
  };
  const parts = [code, originalCode, responseCode && `SMTP ${responseCode}`, command && `during ${command}`].filter(
    Boolean,
  );
  const described = parts.length > 0 ? parts.join(' ') : error instanceof Error ? error.name : 'unknown error';
  const cause = CAUSES[originalCode ?? ''] ?? CAUSES[code ?? ''];
  return cause ? `${described}: ${cause}` : described;
}
