/**
 * Words several domains answer alike. Each domain's message map names the ones it uses (its keys keep
 * their place), so the same refusal reads the same everywhere and is changed in one place.
 */
export const SHARED_MESSAGES = {
  clientInvalid: 'Select a valid client.',
  serviceInvalid: 'Select a valid service.',
  clientNotFound: 'Client not found.',
  userNotFound: 'User not found.',
  dateInvalid: 'Enter a date as yyyy-mm-dd.',
  tooLong: 'This value is too long.',
  reasonTooLong: 'The reason may not be longer than 300 characters.',
  nothingToChange: 'Send at least one field to change.',
  orderInvalid: 'Order must be asc or desc.',
  onOff: 'Choose on (true) or off (false).',
  cursorInvalid: 'This page link is no longer valid.',
} as const;
