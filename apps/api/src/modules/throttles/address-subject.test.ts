import { describe, expect, it } from 'vitest';
import { addressSubjectOf } from './address-subject.js';

describe('what an address limit counts', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, subject) => {
    expect(addressSubjectOf(ip)).toBe(subject);
  });

  it('gives every address of one /64 the same budget, and another /64 its own', () => {
    expect(addressSubjectOf('2001:db8:1:2::5')).toBe(addressSubjectOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressSubjectOf('2001:db8:1:3::5')).not.toBe(addressSubjectOf('2001:db8:1:2::5'));
  });
});
