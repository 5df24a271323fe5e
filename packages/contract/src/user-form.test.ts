import { describe, expect, it } from 'vitest';
import type { RoleName } from './roles.js';
import { buildUserFormSchema, checkPassword, requiredDocumentsFor, type UserFormMode } from './user-form.js';
import { USER_MESSAGES as M } from './user-messages.js';
import { buildProfileUpdateSchema, statusUpdateSchema } from './users.js';

const base = { first_name: 'Asha', last_name: 'Rao', email: 'asha@firm.in', mobile_number: '9876543210' };
const mpcAdd = {
  ...base,
  password: 'Secret@123',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  practice_since: '2012',
  qualification: 'ca',
  nature_of_service: ['1'],
};
const clientAdd = {
  ...base,
  password: 'Secret@123',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IN',
  nature_of_service: ['2'],
};

function errorsOf(role: RoleName, mode: UserFormMode, input: unknown, requireTaxId = false) {
  const result = buildUserFormSchema({ role, mode, requireTaxId }).safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('shared user form: base fields (add and edit)', () => {
  it.each([
    ['first_name', { first_name: '' }, M.firstNameRequired],
    ['last_name', { last_name: '  ' }, M.lastNameRequired],
    ['email', { email: '' }, M.emailRequired],
    ['email', { email: 'not-an-email' }, M.emailInvalid],
    ['mobile_number', { mobile_number: '' }, M.mobileRequired],
    ['mobile_number', { mobile_number: '12345' }, M.mobileInvalid],
  ])('%s: %o -> the spec message on add and on edit', (field, change, message) => {
    expect(errorsOf('pc', 'add', { ...base, password: 'Secret@123', ...change })[field]).toEqual([message]);
    expect(errorsOf('pc', 'edit', { ...base, ...change })[field]).toEqual([message]);
  });

  it('an edit needs only the four base fields', () => {
    expect(errorsOf('mpc', 'edit', base)).toEqual({});
    expect(errorsOf('client', 'edit', base)).toEqual({});
  });
});

describe('password rules on add', () => {
  it.each([
    [undefined, [M.passwordRequired]],
    ['', [M.passwordRequired]],
    ['Ab1@xyz', [M.passwordMin]],
    ['ABCDEF1@', [M.passwordLower]],
    ['abcdef1@', [M.passwordUpper]],
    ['Abcdefg@', [M.passwordNumber]],
    ['Abcdefg1', [M.passwordSpecial]],
    ['abc', [M.passwordMin, M.passwordUpper, M.passwordNumber, M.passwordSpecial]],
    ['Secret@123', []],
  ])('%s -> %o', (password, messages) => {
    expect(checkPassword(password)).toEqual(messages);
    const errors = errorsOf('pc', 'add', { ...base, ...(password === undefined ? {} : { password }) });
    expect(errors.password ?? []).toEqual(messages);
  });

  it('a password on an edit is refused', () => {
    expect(errorsOf('pc', 'edit', { ...base, password: 'Secret@123' }).password).toEqual([M.fieldNotForRole]);
  });
});

/** The postal address every add form requires, with the message each missing field gets. */
const addressRequired: [string, string][] = [
  ['pincode', M.pincodeRequired],
  ['city', M.cityRequired],
  ['state', M.stateRequired],
];

describe('client add requirements', () => {
  it('passes with every required field', () => {
    expect(errorsOf('client', 'add', clientAdd)).toEqual({});
  });

  it.each([...addressRequired, ['country', M.countryRequired], ['nature_of_service', M.natureOfServiceRequired]])(
    '%s missing -> %s',
    (field, message) => {
      const { [field as keyof typeof clientAdd]: _removed, ...rest } = clientAdd;
      expect(errorsOf('client', 'add', rest)[field]).toEqual([message]);
    },
  );

  it('accepts a foreign postal code for a client abroad, not for a client in India', () => {
    expect(errorsOf('client', 'add', { ...clientAdd, country: 'GB', pincode: 'SW1A 1AA' })).toEqual({});
    expect(errorsOf('client', 'add', { ...clientAdd, pincode: 'SW1A 1AA' }).pincode).toEqual([M.pincodeInvalid]);
  });
});

describe('MPC registration requirements', () => {
  it('passes with every required field, PAN, GST and TAN optional', () => {
    expect(errorsOf('mpc', 'add', mpcAdd)).toEqual({});
    expect(requiredDocumentsFor('mpc', 'add')).toEqual(['qualification_proof']);
    expect(requiredDocumentsFor('mpc', 'edit')).toEqual([]);
    expect(requiredDocumentsFor('pc', 'add')).toEqual([]);
  });

  it.each([
    ...addressRequired,
    ['practice_since', M.practiceSinceRequired],
    ['qualification', M.qualificationRequired],
    ['nature_of_service', M.natureOfServiceRequired],
  ])('%s missing -> %s', (field, message) => {
    expect(errorsOf('mpc', 'add', { ...mpcAdd, [field]: '' })[field]).toEqual([message]);
  });
});

describe('edition validity checking (REQUIRE_TAX_ID)', () => {
  it.each(['mpc', 'pc', 'client'] as const)('a %s needs PAN, GST or TAN, reported on pan_number', (role) => {
    const input = role === 'mpc' ? mpcAdd : role === 'client' ? clientAdd : { ...base, password: 'Secret@123' };
    expect(errorsOf(role, 'add', input, true).pan_number).toEqual([M.taxIdRequired]);
    expect(errorsOf(role, 'edit', base, true).pan_number).toEqual([M.taxIdRequired]);
    expect(errorsOf(role, 'add', { ...input, tan_number: 'DELA12345B' }, true)).toEqual({});
  });

  it('does not apply to executors, nor when the setting is off', () => {
    expect(errorsOf('executor', 'edit', base, true)).toEqual({});
    expect(errorsOf('pc', 'edit', base, false)).toEqual({});
  });
});

describe('identifier formats', () => {
  it.each([
    ['pan_number', 'ABCDE123', M.panInvalid],
    ['tan_number', 'DEL12345B', M.tanInvalid],
    ['gst_number', '27AAPFU0939F1ZA', M.gstInvalid],
    ['pincode', '012345', M.pincodeInvalid],
    ['alternate_mobile_number', '555', M.mobileInvalid],
    ['alternate_email_id', 'x@', M.emailInvalid],
    ['practice_since', '1800', M.practiceSinceInvalid],
    ['practice_since', String(new Date().getFullYear() + 1), M.practiceSinceInvalid],
    ['qualification', 'doctor', M.qualificationInvalid],
  ])('%s %s -> %s', (field, value, message) => {
    expect(errorsOf('pc', 'edit', { ...base, [field]: value })[field]).toEqual([message]);
  });

  it('upper-cases PAN, GST and TAN and checks the GSTIN holds the PAN', () => {
    const ok = buildUserFormSchema({ role: 'pc', mode: 'edit', requireTaxId: false }).parse({
      ...base,
      pan_number: 'aapfu0939f',
      gst_number: '27aapfu0939f1zv',
      tan_number: 'dela12345b',
    });
    expect(ok).toMatchObject({ pan_number: 'AAPFU0939F', gst_number: '27AAPFU0939F1ZV', tan_number: 'DELA12345B' });
    expect(
      errorsOf('pc', 'edit', { ...base, pan_number: 'ABCPE1234F', gst_number: '27AAPFU0939F1ZV' }).gst_number,
    ).toEqual([M.gstPanMismatch]);
  });

  it('normalises mobile numbers and reads services from any multipart shape', () => {
    const schema = buildUserFormSchema({ role: 'pc', mode: 'edit', requireTaxId: false });
    expect(schema.parse({ ...base, mobile_number: '+91 98765 43210' }).mobile_number).toBe('9876543210');
    for (const services of [['3', '1', '3'], '3,1', '[3,1]', [3, 1]]) {
      expect(schema.parse({ ...base, nature_of_service: services }).nature_of_service).toEqual([3, 1]);
    }
  });
});

describe('role-specific fields', () => {
  it.each([
    ['client', 'qualification', 'ca'],
    ['client', 'practice_since', '2010'],
    ['client', 'alternate_email_id', 'alt@firm.in'],
    ['mpc', 'country', 'IN'],
    ['pc', 'client_status_id', '1'],
    ['executor', 'additional_data', '{}'],
  ] as const)('a %s may not carry %s', (role, field, value) => {
    expect(errorsOf(role, 'edit', { ...base, [field]: value })[field]).toEqual([M.fieldNotForRole]);
  });

  it('refuses fields no form has', () => {
    const result = buildUserFormSchema({ role: 'pc', mode: 'edit', requireTaxId: false }).safeParse({
      ...base,
      role: 'admin',
    });
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('own profile and disable', () => {
  it('requires all five profile fields and lower-cases the username', () => {
    const profileUpdateSchema = buildProfileUpdateSchema({ lastNameRequired: true });
    expect(profileUpdateSchema.parse({ ...base, username: 'Asha.Rao' }).username).toBe('asha.rao');
    const result = profileUpdateSchema.safeParse({
      first_name: '',
      last_name: '',
      email: '',
      mobile_number: '',
      username: '',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      M.firstNameRequired,
      M.lastNameRequired,
      M.emailRequired,
      M.mobileRequired,
      M.usernameRequired,
    ]);
    expect(profileUpdateSchema.safeParse({ ...base, username: 'a@b' }).error?.issues[0]?.message).toBe(
      M.usernameInvalid,
    );
  });

  it('lets a business client leave its last name empty on its own profile, and only it', () => {
    const business = buildProfileUpdateSchema({ lastNameRequired: false });
    expect(business.parse({ ...base, last_name: '  ', username: 'meena' }).last_name).toBe('');
    expect(
      business.safeParse({ ...base, last_name: 'x'.repeat(101), username: 'meena' }).error?.issues[0]?.message,
    ).toBe(M.tooLong);
    const person = buildProfileUpdateSchema({ lastNameRequired: true });
    expect(person.safeParse({ ...base, last_name: '', username: 'asha' }).error?.issues[0]?.message).toBe(
      M.lastNameRequired,
    );
  });

  it('allows only deactivation', () => {
    expect(statusUpdateSchema.safeParse({ user_id: 3, status: 'deactivated' }).success).toBe(true);
    expect(statusUpdateSchema.safeParse({ user_id: 3, status: 'active' }).success).toBe(true);
    expect(statusUpdateSchema.safeParse({ user_id: 3, status: 'created' }).error?.issues[0]?.message).toBe(
      'Choose deactivated or active.',
    );
  });
});
