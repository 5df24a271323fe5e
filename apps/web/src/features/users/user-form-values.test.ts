import type { UserDetail } from '@portal/contract/users';
import { describe, expect, it } from 'vitest';
import { initialUserFormValues, toUserFormData } from './user-form-values';

const stored = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.in',
  mobile_number: '9876543210',
  pincode: null,
  nature_of_service: [2, 5],
  additional_data: JSON.stringify({ date_of_incorporation: '2020-04-01', partners: [{ dob: '1980-12-31' }] }),
} as unknown as UserDetail;

describe('initialUserFormValues', () => {
  it('starts an add form empty, a client in India', () => {
    expect(initialUserFormValues(['first_name', 'country', 'nature_of_service'], undefined, 'client')).toEqual({
      first_name: '',
      country: 'IN',
      nature_of_service: [],
    });
    expect(initialUserFormValues(['country'], undefined, 'pc')).toEqual({ country: '' });
  });

  it('shows stored values as text, services as ids and sub-form dates as typed', () => {
    const values = initialUserFormValues(
      ['first_name', 'pincode', 'nature_of_service', 'additional_data'],
      stored,
      'client',
    );
    expect(values).toEqual({
      first_name: 'Asha',
      pincode: '',
      nature_of_service: ['2', '5'],
      additional_data: { date_of_incorporation: '01/04/2020', partners: [{ dob: '31/12/1980' }] },
    });
  });

  it('reads an unreadable sub-form as empty', () => {
    const values = initialUserFormValues(['additional_data'], { ...stored, additional_data: '[1,2]' }, 'client');
    expect(values.additional_data).toEqual({});
    expect(
      initialUserFormValues(['additional_data'], { ...stored, additional_data: 'not json' }, 'client').additional_data,
    ).toEqual({});
  });
});

describe('toUserFormData', () => {
  it('sends every shown field, services as one JSON list, and the chosen files', () => {
    const proof = new File(['pan'], 'pan.pdf', { type: 'application/pdf' });
    const body = toUserFormData(
      ['first_name', 'pincode', 'nature_of_service'],
      { first_name: 'Asha', nature_of_service: ['2', '5'] },
      new Map([['pan_proof', proof]]),
    );
    expect(body.get('first_name')).toBe('Asha');
    expect(body.get('pincode')).toBe('');
    expect(body.get('nature_of_service')).toBe('[2,5]');
    expect((body.get('pan_proof') as File).name).toBe('pan.pdf');
  });

  it('drops partner rows past the number of partners, and an unticked "clear the password"', () => {
    const body = toUserFormData(
      ['additional_data'],
      { additional_data: { number_of_partners: '1', partners: [{ name: 'A' }, { name: 'B' }], clear_password: false } },
      new Map(),
    );
    expect(JSON.parse(String(body.get('additional_data')))).toEqual({
      number_of_partners: '1',
      partners: [{ name: 'A' }],
    });
    const ticked = toUserFormData(['additional_data'], { additional_data: { clear_password: 'yes' } }, new Map());
    expect(JSON.parse(String(ticked.get('additional_data')))).toEqual({ clear_password: 'yes' });
  });
});
