import { describe, expect, it } from 'vitest';
import { checkTemplateData, TEMPLATE_MESSAGES as T } from './client-templates.js';
import { buildUserFormSchema } from './user-form.js';

const AADHAAR = '234123412346';
const individual = { dob: '1980-05-01', sex: 'female', aadhar: AADHAAR, fathers_name: 'Ram', msem: 'no' };
const partner = (name: string) => ({
  nameofpartner: name,
  Pannumber: 'abcpe1234f',
  aadharnumber: AADHAAR,
  dinnumber: '01234567',
});

describe('client sub-form templates', () => {
  it('accepts an Individual and drops the MSME fields on no', () => {
    const { value, issues } = checkTemplateData('Individual', { ...individual, msme_reg_no: 'UDYAM-1' });
    expect(issues).toEqual([]);
    expect(value).toEqual(individual);
  });

  it.each([
    [{ ...individual, dob: '' }, 'dob', T.required('Date of birth')],
    [{ ...individual, dob: '2999-01-01' }, 'dob', T.pastDate],
    [{ ...individual, dob: '31/02/1980' }, 'dob', T.date],
    [{ ...individual, dob: '1980-13-01' }, 'dob', T.date],
    [{ ...individual, dob: 'May 1980' }, 'dob', T.date],
    [{ ...individual, sex: 'x' }, 'sex', T.sex],
    [{ ...individual, aadhar: '234123412347' }, 'aadhar', T.aadhaar],
    [{ ...individual, msem: 'maybe' }, 'msem', T.yesNo],
    [{ ...individual, msem: 'yes' }, 'msme_reg_no', T.required('MSME registration number')],
    [{ ...individual, nickname: 'x' }, 'nickname', 'This field is not allowed.'],
  ])('refuses %o on %s', (data, field, message) => {
    expect(checkTemplateData('Individual', data).issues).toContainEqual({ path: [field], message });
  });

  it('needs one partner row per partner and checks each row', () => {
    const firm = {
      full_name: 'Rao & Co',
      msem: 'no',
      number_of_partners: '3',
      partners: [partner('A'), partner('B'), partner('C')],
    };
    const ok = checkTemplateData('Firm', firm);
    expect(ok.issues).toEqual([]);
    expect(ok.value.number_of_partners).toBe(3);
    expect((ok.value.partners as { Pannumber: string }[])[0]?.Pannumber).toBe('ABCPE1234F');
    expect(checkTemplateData('Firm', { ...firm, partners: [partner('A')] }).issues).toContainEqual({
      path: ['number_of_partners'],
      message: T.partnerRows,
    });
    expect(checkTemplateData('Firm', { ...firm, number_of_partners: '51' }).issues).toContainEqual({
      path: ['number_of_partners'],
      message: T.partnerCount,
    });
    const badRow = checkTemplateData('Firm', {
      ...firm,
      partners: [partner('A'), { ...partner('B'), dinnumber: '12' }, { nameofpartner: '' }],
    });
    expect(badRow.issues).toEqual([
      { path: ['partners', 1, 'dinnumber'], message: T.din },
      { path: ['partners', 2, 'nameofpartner'], message: T.required('Name of partner') },
    ]);
  });

  it('checks the 12AA block of a Local Authority with tax years', () => {
    const data = { msem: 'no', reg_no_12aa: 'AA/123', valid_from: '2022-2023', valid_to: '2026-2027' };
    expect(checkTemplateData('LocalAuthority', data).issues).toEqual([]);
    expect(checkTemplateData('LocalAuthority', { ...data, valid_from: '2022-2024' }).issues).toContainEqual({
      path: ['valid_from'],
      message: T.taxYear,
    });
    expect(checkTemplateData('LocalAuthority', { ...data, valid_to: '2020-2021' }).issues).toContainEqual({
      path: ['valid_to'],
      message: T.taxYearOrder,
    });
  });

  it('lists a public company at the exchanges it names, with the date listed', () => {
    const listed = checkTemplateData('CompanyPublicInterested', {
      listed_at_bse: 'yes',
      listed_since_bse: '2001-04-01',
      listed_at_nse: 'no',
    });
    expect(listed).toEqual({
      value: { listed_at_bse: 'yes', listed_since_bse: '2001-04-01', listed_at_nse: 'no', listed_at_msme: 'no' },
      issues: [],
    });
    expect(checkTemplateData('CompanyPublicInterested', { listed_at_nse: 'yes' }).issues).toEqual([
      { path: ['listed_since_nse'], message: T.listedSince },
    ]);
  });

  it('checks that the two passwords of a non-public company match and keeps only one', () => {
    const data = {
      first_name: 'Acme',
      password: 'x1',
      confirm_password: 'x2',
      msem: 'no',
      number_of_partners: 1,
      partners: [partner('A')],
    };
    expect(checkTemplateData('CompanyPublicNotInterested', data).issues).toEqual([
      { path: ['confirm_password'], message: T.passwordsDiffer },
    ]);
    const same = checkTemplateData('CompanyPublicNotInterested', { ...data, confirm_password: 'x1' });
    expect(same.value).not.toHaveProperty('confirm_password');
  });

  it('takes dates as dd/mm/yyyy (or d-m-yyyy, or ISO) whatever the locale, and keeps them as ISO', () => {
    for (const typed of ['01/05/1980', '1/5/1980', '01-05-1980', '01.05.1980', '1980-05-01']) {
      const { value, issues } = checkTemplateData('Individual', { ...individual, dob: typed });
      expect(issues).toEqual([]);
      expect(value.dob).toBe('1980-05-01');
    }
    expect(T.date).toBe('Enter a date as dd/mm/yyyy.');
  });

  it.each([
    [
      'CompanyPrivate',
      { cin: 'u74999mh2015ptc123456', date_of_formation: '14/07/2015' },
      { cin: 'U74999MH2015PTC123456', date_of_formation: '2015-07-14' },
    ],
    [
      'AssociationOfPersons',
      { registration_number: 'AOP/2019/77', date_of_formation: '01/04/2019' },
      { registration_number: 'AOP/2019/77', date_of_formation: '2019-04-01' },
    ],
    ['CooperativeSociety', { registration_number: 'MSCS/CR/123/2001' }, { registration_number: 'MSCS/CR/123/2001' }],
    [
      'Firm',
      {
        full_name: 'Meena Traders LLP',
        llpin: 'aab-1234',
        msem: 'no',
        number_of_partners: '1',
        partners: [partner('M')],
      },
      { full_name: 'Meena Traders LLP', llpin: 'AAB-1234' },
    ],
  ] as const)('records the identifiers of a %s', (template, data, expected) => {
    const { value, issues } = checkTemplateData(template, data);
    expect(issues).toEqual([]);
    expect(value).toMatchObject(expected);
  });

  it.each([
    ['CompanyPrivate', { cin: 'U74999MH2015PTC12345' }, 'cin', T.cin],
    ['CompanyPrivate', { date_of_formation: '01/01/2999' }, 'date_of_formation', T.pastDate],
    ['Firm', { full_name: 'X', llpin: 'AB-12345' }, 'llpin', T.llpin],
  ] as const)('refuses a malformed identifier of a %s', (template, data, field, message) => {
    expect(checkTemplateData(template, data).issues).toContainEqual({ path: [field], message });
  });

  it('lets a business client leave the last name empty, never a person', () => {
    const schema = buildUserFormSchema({ role: 'client', mode: 'edit', requireTaxId: false });
    const base = {
      first_name: 'Meena Traders Private Limited',
      last_name: '',
      email: 'a@b.in',
      mobile_number: '9876543210',
    };
    expect(schema.safeParse({ ...base, client_status_id: '11' }).success).toBe(true);
    const person = schema.safeParse({ ...base, client_status_id: '1' });
    expect(person.error?.issues.map((issue) => issue.message)).toEqual(['Last name is required']);
    const staff = buildUserFormSchema({ role: 'pc', mode: 'edit', requireTaxId: false }).safeParse(base);
    expect(staff.error?.issues.map((issue) => issue.message)).toEqual(['Last name is required']);
  });

  it('is applied by the shared form to a client: by status, as JSON text or as an object', () => {
    const schema = buildUserFormSchema({ role: 'client', mode: 'edit', requireTaxId: false });
    const base = { first_name: 'A', last_name: 'B', email: 'a@b.in', mobile_number: '9876543210' };
    const parsed = schema.parse({ ...base, client_status_id: '1', additional_data: JSON.stringify(individual) });
    expect(parsed.additional_data).toEqual(individual);
    const wrong = schema.safeParse({ ...base, client_status_id: '1', additional_data: { ...individual, aadhar: '1' } });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['additional_data.aadhar', T.aadhaar],
    ]);
    const unknownField = schema.safeParse({ ...base, client_status_id: '4', additional_data: { a: 1 } });
    expect(unknownField.error?.issues[0]?.message).toBe('This field is not allowed.');
    const notJson = schema.safeParse({ ...base, client_status_id: '1', additional_data: '{oops' });
    expect(notJson.error?.issues[0]?.message).toBe(T.notObject);
  });
});
