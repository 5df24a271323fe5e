import { describe, expect, it } from 'vitest';
import { findMailSafeName, LINK_REMOVED, withoutLinks } from './mail-safe-text.js';

describe('a typed name in a mail', () => {
  it.each([
    'Priya',
    'A.K. Sharma',
    'M/s Rao & Sons (HUF)',
    'Shree Ganesh Traders Pvt. Ltd.',
    "D'Souza",
    'प्रिया नायर',
    'Venkata Satya Sai Ramana Murthy',
    '24x7 Traders',
  ])('keeps %s', (name) => {
    expect(findMailSafeName(name)).toBe(name);
  });

  it.each([
    'Urgent - re-verify your PAN at http://evil.test/kyc -',
    'Re-verify at evil.test',
    'evil. test/kyc',
    'www.example',
    'Priya <b>',
    'Write to kyc@evil.test',
    'Call 1800-555-0199 to keep PAN',
    'OTP 4821',
    'Please act now and re verify your PAN card today',
    '',
    '   ',
    '-Priya',
    'x'.repeat(61),
  ])('leaves out %j', (name) => {
    expect(findMailSafeName(name)).toBeNull();
  });

  it('folds runs of spaces, so a name cannot hide a line break', () => {
    expect(findMailSafeName('Priya\n\nNair')).toBe('Priya Nair');
  });
});

describe('typed text in a mail', () => {
  it.each([
    ['Verify at http://evil.test/kyc now', `Verify at ${LINK_REMOVED} now`],
    ['see www.evil.test', `see ${LINK_REMOVED}`],
    ['Upload on evil.test/kyc today', `Upload on ${LINK_REMOVED} today`],
    ['write to kyc@evil.test', `write to ${LINK_REMOVED}`],
    [
      'Bank statement (Apr-Jun), GSTR-2B of 05.2026, Form 26AS',
      'Bank statement (Apr-Jun), GSTR-2B of 05.2026, Form 26AS',
    ],
    ['Fee of Rs 1,250.50 paid?', 'Fee of Rs 1,250.50 paid?'],
  ])('%j reads %j', (typed, mailed) => {
    expect(withoutLinks(typed)).toBe(mailed);
  });
});
