import { describe, expect, it } from 'vitest';
import { clientFields, useFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { postUserForm, takeOverPassword } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const AADHAAR = '234123412346';
const partner = (name: string) => ({
  nameofpartner: name,
  fathername: 'F',
  sex: 'male',
  Pannumber: 'ABCPE1234F',
  aadharnumber: AADHAAR,
  dinnumber: '01234567',
});

describe.each(listTestDialects())('client sub-forms on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  const firm = useFirm('test', t);

  const create = (
    extra: Record<string, string | number | (string | number)[]>,
    files: Parameters<typeof postUserForm>[4] = [],
  ) => postUserForm(t, firm.mpc.token, '/api/user/create', clientFields(firm.services, extra), files);

  it('a Firm client with 3 partner rows round-trips', async () => {
    const data = {
      full_name: 'Rao & Sons',
      msem: 'no',
      number_of_partners: 3,
      partners: [partner('Asha'), partner('Bala'), partner('Chitra')],
    };
    const response = await create({ client_status_id: 3, additional_data: JSON.stringify(data) });
    expect(response.statusCode).toBe(201);
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${response.json().data.id}`, token: firm.mpc.token })
    ).json().data;
    expect(detail.client_status).toEqual({ value: 3, label: 'Firm', template: 'Firm' });
    // Every answer masks the partners' Aadhaar; the editor's audited read has them in full.
    const masked = { ...data, partners: data.partners.map((row) => ({ ...row, aadharnumber: 'XXXX XXXX 2346' })) };
    expect(JSON.parse(detail.additional_data)).toEqual(masked);
    const sensitive = await t.request({
      method: 'GET',
      url: `/api/user/${response.json().data.id}/sensitive`,
      token: firm.mpc.token,
    });
    expect(JSON.parse(sensitive.json().data.additional_data)).toEqual(data);
  });

  it('a LocalAuthority client with the 12AA block and its document round-trips', async () => {
    const data = {
      date_of_creation: '1999-01-26',
      registration_no_1: 'R-1',
      msem: 'yes',
      msme_reg_no: 'UDYAM-KR-01',
      msme_type: 'small',
      reg_no_12aa: '12AA/77',
      date_of_reg_12aa: '2010-04-01',
      valid_from: '2022-2023',
      valid_to: '2026-2027',
    };
    const response = await create({ client_status_id: 12, additional_data: JSON.stringify(data) }, [
      { field: 'registration_12aa_document', name: '12aa.pdf', content: SAMPLE_FILES.pdf },
      { field: 'msme_document', name: 'udyam.png', content: SAMPLE_FILES.png },
    ]);
    expect(response.statusCode).toBe(201);
    const detail = response.json().data;
    expect(JSON.parse(detail.additional_data)).toEqual(data);
    expect(detail.user_document.map((document: { document_type: string }) => document.document_type).sort()).toEqual([
      'msme_document',
      'registration_12aa_document',
    ]);
  });

  it('refuses sub-form data that does not fit the template, field by field', async () => {
    const response = await create({
      client_status_id: 1,
      additional_data: JSON.stringify({
        dob: '2999-01-01',
        sex: 'male',
        aadhar: '1234',
        fathers_name: '',
        msem: 'yes',
        extra: 'x',
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'additional_data.extra': ['This field is not allowed.'],
      'additional_data.dob': ['Enter a date that is not in the future.'],
      'additional_data.aadhar': ['Enter a valid 12-digit Aadhaar number.'],
      'additional_data.fathers_name': ["Father's name is required"],
      'additional_data.msme_reg_no': ['MSME registration number is required'],
    });
    const staff = await postUserForm(
      t,
      firm.mpc.token,
      '/api/user/create',
      {
        role_id: 3,
        first_name: 'P',
        last_name: 'C',
        email: 'pc.subform@firm.in',
        mobile_number: '9876543210',
        password: 'Secret@123',
      },
      [{ field: 'msme_document', name: 'x.pdf', content: SAMPLE_FILES.pdf }],
    );
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors).toEqual({ msme_document: ['This field does not apply to this kind of user.'] });
  });

  it('changing the status on edit replaces the sub-form data', async () => {
    const individual = { dob: '1980-05-01', sex: 'female', aadhar: AADHAAR, fathers_name: 'Ram', msem: 'no' };
    const created = (await create({ client_status_id: 1, additional_data: JSON.stringify(individual) })).json().data;
    const edit = (fields: Record<string, string | number>) =>
      postUserForm(t, firm.mpc.token, '/api/user/edit', {
        user_id: created.id,
        first_name: created.first_name,
        last_name: created.last_name,
        email: created.email,
        mobile_number: '9876543210',
        ...fields,
      });
    const toAop = await edit({ client_status_id: 4 });
    expect(toAop.statusCode).toBe(200);
    expect(toAop.json().data).toMatchObject({ client_status_id: 4, additional_data: null });
    const toHuf = await edit({
      client_status_id: 2,
      additional_data: JSON.stringify({ date_of_creation: '2001-01-01', nameofkarta: 'Mohan', msem: 'no' }),
    });
    expect(JSON.parse(toHuf.json().data.additional_data)).toEqual({
      date_of_creation: '2001-01-01',
      nameofkarta: 'Mohan',
      msem: 'no',
    });
  });

  it('a business client: legal name without a last name, its CIN and date of incorporation typed dd/mm/yyyy', async () => {
    const created = await create({
      first_name: 'Meena Traders Private Limited',
      last_name: '',
      client_status_id: 11,
      additional_data: JSON.stringify({ cin: 'u51909mh2019ptc123456', date_of_formation: '14/07/2019' }),
    });
    expect(created.statusCode).toBe(201);
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${created.json().data.id}`, token: firm.mpc.token })
    ).json().data;
    expect(detail).toMatchObject({ first_name: 'Meena Traders Private Limited', last_name: '' });
    expect(JSON.parse(detail.additional_data)).toEqual({
      cin: 'U51909MH2019PTC123456',
      date_of_formation: '2019-07-14',
    });

    const badCin = await create({ client_status_id: 11, additional_data: JSON.stringify({ cin: 'U5190' }) });
    expect(badCin.statusCode).toBe(422);
    expect(badCin.json().errors).toEqual({
      'additional_data.cin': ['Enter a valid CIN (e.g. U74999MH2015PTC123456).'],
    });
    const person = await create({ last_name: '', client_status_id: 1 });
    expect(person.statusCode).toBe(422);
    expect(person.json().errors.last_name).toEqual(['Last name is required']);
  });

  it('a business client needs no last name on its own profile or in an edit that leaves its status alone; a person does', async () => {
    const business = await create({ first_name: 'Kaveri Textiles', last_name: '', client_status_id: 3 });
    expect(business.statusCode).toBe(201);
    const person = await create({ first_name: 'Asha', last_name: 'Rao', client_status_id: 1 });
    expect(person.statusCode).toBe(201);
    const edit = (id: number, fields: Record<string, string>) =>
      postUserForm(t, firm.mpc.token, '/api/user/edit', {
        user_id: id,
        email: [business, person].find((user) => user.json().data.id === id)?.json().data.email,
        mobile_number: '9876543210',
        ...fields,
      });

    // Edits that send no status are judged by the stored one.
    expect((await edit(business.json().data.id, { first_name: 'Kaveri Textiles LLP', last_name: '' })).statusCode).toBe(
      200,
    );
    const personEdit = await edit(person.json().data.id, { first_name: 'Asha', last_name: '' });
    expect(personEdit.statusCode).toBe(422);
    expect(personEdit.json().errors).toEqual({ last_name: ['Last name is required'] });
    // A status that is sent is the one judged, even when the stored one is a business.
    const toPerson = await edit(business.json().data.id, { last_name: '', client_status_id: '1' });
    expect(toPerson.statusCode).toBe(422);
    expect(toPerson.json().errors.last_name).toEqual(['Last name is required']);

    const profile = (email: string, token: string, last_name: string, first_name: string) =>
      t.request({
        method: 'PUT',
        url: '/api/user/update',
        token,
        payload: { first_name, last_name, email, mobile_number: '9876543210', username: email.split('@')[0] },
      });
    /** A client created with a typed password signs in with the one it chooses (issue 12). */
    const signInTakingOver = async (email: string) =>
      t.signIn({ email, password: await takeOverPassword(t, email, 'Secret@123') });
    const businessEmail = business.json().data.email as string;
    const businessToken = await signInTakingOver(businessEmail);
    const own = await profile(businessEmail, businessToken, '', 'Kaveri Textiles LLP');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user).toMatchObject({
      first_name: 'Kaveri Textiles LLP',
      last_name: '',
      client_status_id: 3,
    });

    const personEmail = person.json().data.email as string;
    const personToken = await signInTakingOver(personEmail);
    const refused = await profile(personEmail, personToken, ' ', 'Asha');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ last_name: ['Last name is required'] });
  });
});
