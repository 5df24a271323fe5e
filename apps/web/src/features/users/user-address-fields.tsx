import { INDIAN_PINCODE_PATTERN } from '@portal/contract/identifiers';
import { COUNTRY_CODES } from '@portal/contract/user-form';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import { readApiError } from '../../lib/api-error';
import { TextField } from './text-field';
import type { UserFormParts } from './user-form-parts';
import { lookUpPincode } from './users-api';

const countryName = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRIES = COUNTRY_CODES.map((code) => ({ value: code, label: countryName.of(code) ?? code })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

/** What an Indian pincode fills in (still typed by hand elsewhere, or changed after). */
const FILLED_BY_PINCODE = [
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
] as const;

/** Where the user is: address, pincode (which fills state and city in India), city, state, country. */
export function UserAddressFields({ form, errorOf, required, shows }: UserFormParts) {
  const { register, getValues, setValue, setError } = form;

  // Spec: on blur the pincode fills state and city; a malformed or unknown one says so under the field.
  const fillFromPincode = async () => {
    const pincode = getValues('pincode')?.trim() ?? '';
    if (!pincode || (getValues('country') && getValues('country') !== 'IN')) return;
    if (!INDIAN_PINCODE_PATTERN.test(pincode)) {
      setError('pincode', { message: USER_MESSAGES.pincodeInvalid });
      return;
    }
    try {
      const found = await lookUpPincode(pincode);
      if (!found.statename && !found.district) setError('pincode', { message: USER_MESSAGES.pincodeUnknown });
      if (found.statename) setValue('state', found.statename, { shouldValidate: true });
      if (found.district) setValue('city', found.district, { shouldValidate: true });
    } catch (error) {
      setError('pincode', { message: readApiError(error).message });
    }
  };

  return (
    <>
      <TextField label="Address" registration={register('address')} error={errorOf('address')} md={12} />
      <TextField
        label="Pincode"
        registration={register('pincode', { onBlur: fillFromPincode })}
        error={errorOf('pincode')}
        required={required.has('pincode')}
        md={4}
      />
      {FILLED_BY_PINCODE.map(({ name, label }) => (
        <TextField
          key={name}
          label={label}
          registration={register(name)}
          error={errorOf(name)}
          required={required.has(name)}
          md={4}
        />
      ))}
      {shows('country') && (
        <TextField
          label="Country"
          registration={register('country')}
          error={errorOf('country')}
          required={required.has('country')}
          choices={{ prompt: 'Select country', options: COUNTRIES }}
        />
      )}
    </>
  );
}
