import { describe, expect, it } from 'vitest';
import {
  computeGstinCheckCharacter,
  isValidAadhaar,
  isValidGstin,
  normalizeMobile,
  PAN_PATTERN,
  panOfGstin,
  TAN_PATTERN,
} from './identifiers.js';

describe('PAN and TAN formats', () => {
  it.each([
    ['ABCPE1234F', true],
    ['AAACB1234C', true],
    ['ABCXE1234F', false],
    ['ABCPE1234', false],
    ['abcpe1234f', false],
    ['1BCPE1234F', false],
  ])('PAN %s is valid: %s', (pan, valid) => {
    expect(PAN_PATTERN.test(pan)).toBe(valid);
  });

  it.each([
    ['DELA12345B', true],
    ['DEL12345B', false],
    ['DELA1234BB', false],
  ])('TAN %s is valid: %s', (tan, valid) => {
    expect(TAN_PATTERN.test(tan)).toBe(valid);
  });
});

describe('GSTIN', () => {
  const first14 = '27AAPFU0939F1Z';
  const valid = `${first14}${computeGstinCheckCharacter(first14)}`;

  it('accepts the published example 27AAPFU0939F1ZV', () => {
    expect(valid).toBe('27AAPFU0939F1ZV');
    expect(isValidGstin(valid)).toBe(true);
  });

  it.each([
    ['a wrong check character', '27AAPFU0939F1ZA'],
    ['14 characters', '27AAPFU0939F1Z'],
    ['lower case', '27aapfu0939f1zv'],
    ['a zero entity number', '27AAPFU0939F0ZV'],
  ])('refuses %s', (_case, gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('finds the PAN inside', () => {
    expect(panOfGstin(valid)).toBe('AAPFU0939F');
  });
});

describe('Aadhaar', () => {
  it.each([
    ['234123412346', true],
    ['234123412347', false],
    ['123412341234', false],
    ['23412341234', false],
    ['2341 2341 2346', false],
  ])('%s is valid: %s', (aadhaar, valid) => {
    expect(isValidAadhaar(aadhaar)).toBe(valid);
  });
});

describe('normalizeMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });

  it.each(['5876543210', '987654321', '98765432101', '+91 5876543210', '+12345', 'phone', ''])(
    'refuses %s',
    (input) => {
      expect(normalizeMobile(input)).toBeNull();
    },
  );
});
