import { USER_MESSAGES as M } from '@portal/contract/user-messages';

/** What every user form answers when its four base fields are left empty (written out from the spec). */
export const BASE_FIELDS_REQUIRED = {
  first_name: [M.firstNameRequired],
  last_name: [M.lastNameRequired],
  email: [M.emailRequired],
  mobile_number: [M.mobileRequired],
};
