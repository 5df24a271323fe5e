import type { APIRequestContext, Page } from '@playwright/test';
import { field, PDF_BYTES, uniqueSuffix } from './people';

export const SIGN_UP_PASSWORD = 'Secret@123';

/** One new firm's owner, as the short sign-up asks for it (issue 22). */
export function newFirmOwner(firstName = 'Farah') {
  const suffix = uniqueSuffix();
  return {
    first_name: firstName,
    last_name: `Khan${suffix}`,
    email: `newmpc.${suffix}@firm.test`,
    mobile_number: '9876543210',
    firm_name: `Khan & Co ${suffix}`,
    password: SIGN_UP_PASSWORD,
    password_confirmation: SIGN_UP_PASSWORD,
  };
}
export type FirmOwner = ReturnType<typeof newFirmOwner>;

/** Fills the public sign-up form ("Create your firm’s account"). */
export async function fillSignUpForm(page: Page, owner: FirmOwner): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign up' });
  await field(form, 'First name').fill(owner.first_name);
  await field(form, 'Last name').fill(owner.last_name);
  await field(form, 'Email').fill(owner.email);
  await field(form, 'Mobile number').fill(owner.mobile_number);
  await field(form, 'Firm name').fill(owner.firm_name);
  await field(form, 'Password').fill(owner.password);
  await field(form, 'Confirm password').fill(owner.password_confirmation);
}

/** Signs a firm up through the API, as the form does (multipart), for journeys not about the form. */
export async function signUpThroughApi(request: APIRequestContext, owner: FirmOwner): Promise<void> {
  const response = await request.post('/api/register', { multipart: owner });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** Fills what the completion step asks of a new MPC: the rest of its practice's profile. */
export async function fillCompletionForm(page: Page, service: string): Promise<void> {
  const form = page.locator('form').first();
  await field(form, 'Pincode').fill('560001');
  await field(form, 'Pincode').blur();
  await field(form, 'Qualification').selectOption('ca');
  await field(form, 'Qualification proof').setInputFiles({
    name: 'degree.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await field(form, 'Practice since').fill('2012');
  await form.getByRole('checkbox', { name: service, exact: true }).check();
}
