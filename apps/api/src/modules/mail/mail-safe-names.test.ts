import { describe, expect, it } from 'vitest';
import { findMailSafeName } from './mail-safe-names.js';

describe('a typed name in a mail', () => {
  it.each([
    'Priya',
    'A.K. Sharma',
    'M/s Rao & Sons (HUF)',
    'Shree Ganesh Traders Pvt. Ltd.',
    "D'Souza",
    'प्रिया नायर',
    'Venkata Satya Sai Ramana Murthy',
  ])('keeps %s', (name) => {
    expect(findMailSafeName(name)).toBe(name);
  });

  it.each([
    'Urgent - re-verify your PAN at http://evil.test/kyc -',
    'Re-verify at evil.test',
    'www.example',
    'Priya <b>',
    'Write to kyc@evil.test',
    'Please act now and re verify your PAN card today before it lapses',
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
