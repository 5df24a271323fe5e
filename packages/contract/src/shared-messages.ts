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
  panInvalid: 'Enter a valid PAN (e.g. ABCPE1234F).',
  mobileInvalid: 'Enter a valid mobile number (10 digits, or + and country code).',
  emailInvalid: 'Enter a valid email address.',
  titleRequired: 'Please enter a title.',
  idInvalid: 'Enter a valid id.',
  assigneeInvalid: 'Choose someone of the firm who handles this work.',
  noteTooLong: 'The note may not be longer than 200 characters.',
  linkInvalid: 'This link is not valid.',
  amountInvalid: 'Enter an amount in whole paise, at most Rs 10,00,00,000.',
  rateInvalid: 'Choose a GST rate of 0, 5, 18 or 40 %.',
  linesRequired: 'Add at least one line.',
  descriptionTooLong: 'The description may not be longer than 300 characters.',
  periodBilled: 'This period is already billed on another invoice.',
} as const;
