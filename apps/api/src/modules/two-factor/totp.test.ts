import { describe, expect, it } from 'vitest';
import {
  buildOtpauthUri,
  computeTotp,
  decodeBase32,
  encodeBase32,
  generateTotpSecret,
  matchTotp,
  totpStepAt,
} from './totp.js';

// RFC 6238 Appendix B: the seeds are the ASCII digits 1234567890 repeated to the hash's length.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)(
    'at T=%i gives the RFC test vectors for SHA-1, SHA-256 and SHA-512',
    (seconds, sha1, sha256, sha512) => {
      const step = totpStepAt(new Date(seconds * 1000));
      expect(computeTotp(SEED_SHA1, step, { digits: 8 })).toBe(sha1);
      expect(computeTotp(SEED_SHA256, step, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
      expect(computeTotp(SEED_SHA512, step, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
    },
  );

  it('gives 6-digit codes that are the last six digits of the 8-digit ones', () => {
    const step = totpStepAt(new Date(59_000));
    expect(computeTotp(SEED_SHA1, step)).toBe('287082');
  });

  it('accepts the code of the step before, now and after, and no other', () => {
    const secret = encodeBase32(SEED_SHA1);
    const at = new Date(1_111_111_111_000);
    const step = totpStepAt(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(secret, computeTotp(SEED_SHA1, step + offset), at)).toBe(step + offset);
    }
    expect(matchTotp(secret, computeTotp(SEED_SHA1, step - 2), at)).toBeNull();
    expect(matchTotp(secret, computeTotp(SEED_SHA1, step + 2), at)).toBeNull();
  });

  it('refuses a code of a step already used, and anything not six digits', () => {
    const secret = encodeBase32(SEED_SHA1);
    const at = new Date(1_234_567_890_000);
    const step = totpStepAt(at);
    const code = computeTotp(SEED_SHA1, step);
    expect(matchTotp(secret, code, at, step)).toBeNull();
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at, step - 1)).toBe(step);
    expect(matchTotp(secret, '12345', at)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('reads back the base32 it writes, and makes 160-bit secrets', () => {
    expect(encodeBase32(SEED_SHA1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(SEED_SHA1)).toBe(true);
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth URI apps read', () => {
    expect(buildOtpauthUri('JBSWY3DPEHPK3PXP', 'Practice Portal', 'meera@firm.in')).toBe(
      'otpauth://totp/Practice%20Portal:meera%40firm.in?secret=JBSWY3DPEHPK3PXP&issuer=Practice+Portal&algorithm=SHA1&digits=6&period=30',
    );
  });
});
