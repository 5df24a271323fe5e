import { describe, expect, it } from 'vitest';
import { isAadhaarVaultRef } from './aadhaar-vault.js';
import { mapAadhaarFields, maskSubForm } from './sub-form-secrets.js';

const ref = (last4: string) => ({ ref: 'AbCdEfGhIjKlMnOpQrStUv', last4 });

describe("a sub-form's Aadhaar fields and the vault's references", () => {
  it('masks a reference from its last four digits, as it masks a number', () => {
    const masked = maskSubForm({
      aadhar: ref('1234'),
      aadharofkarta: '234123412346',
      bankdetails: '501001234567',
      partners: [{ nameofpartner: 'Asha', aadharnumber: ref('9876') }],
    });
    expect(masked).toEqual({
      aadhar: 'XXXX XXXX 1234',
      aadharofkarta: 'XXXX XXXX 2346',
      bankdetails: 'XXXX4567',
      partners: [{ nameofpartner: 'Asha', aadharnumber: 'XXXX XXXX 9876' }],
    });
  });

  it('shows nothing of a secret field holding anything else', () => {
    expect(maskSubForm({ aadhar: { ref: 'short', last4: '1234' }, bankdetails: { any: 1 } })).toEqual({});
  });

  it('visits every Aadhaar field, top level and partners, and no other', () => {
    const seen: unknown[] = [];
    const data = {
      aadhar: '234123412346',
      bankdetails: '501001234567',
      partners: [{ aadharnumber: ref('1111') }, { aadharnumber: '' }, { Pannumber: 'ABCPE1234F' }],
    };
    const changed = mapAadhaarFields(data, (value) => {
      seen.push(value);
      return 'x';
    });
    expect(seen).toEqual(['234123412346', ref('1111')]);
    expect(changed).toEqual({
      aadhar: 'x',
      bankdetails: '501001234567',
      partners: [{ aadharnumber: 'x' }, { aadharnumber: '' }, { Pannumber: 'ABCPE1234F' }],
    });
  });

  it('knows a reference by its exact shape', () => {
    expect(isAadhaarVaultRef(ref('1234'))).toBe(true);
    expect(isAadhaarVaultRef({ ...ref('1234'), number: '234123412346' })).toBe(false);
    expect(isAadhaarVaultRef({ ref: 'AbCdEfGhIjKlMnOpQrStUv', last4: '12a4' })).toBe(false);
    expect(isAadhaarVaultRef('234123412346')).toBe(false);
  });
});
