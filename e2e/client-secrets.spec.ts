import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

const AADHAAR = '234123412346';

test('a company client’s Aadhaar shows in full only in its edit form, and its portal password is write-only', async ({
  page,
  request,
}) => {
  const firm = await createFirm(request);
  const company = await createUserAs(request, firm.token, 'client', 'Compco', [firm.gst], {
    client_status_id: '10',
    additional_data: JSON.stringify({
      first_name: 'Director',
      password: 'Portal@123',
      confirm_password: 'Portal@123',
      aadhar: AADHAAR,
      msem: 'no',
      number_of_partners: 1,
      partners: [{ nameofpartner: 'Asha' }],
    }),
  });
  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);

  const readDetails = async () => {
    await page.goto(`/mpc/client/detail/${company.id}`);
    return page.getByRole('region', { name: 'Company details' });
  };
  let details = await readDetails();
  await expect(page).toHaveTitle('Compco Demo · Client Details · Practice Portal');
  await expect(details).toContainText('XXXX XXXX 2346');
  await expect(details.getByText('Set', { exact: true })).toBeVisible();
  await expect(page.getByText(AADHAAR)).toHaveCount(0);

  // The edit form has the full Aadhaar (the audited sensitive read), never the password.
  await page.getByRole('link', { name: 'Edit Client' }).click();
  await expect(page).toHaveTitle('Compco Demo · Edit Client · Practice Portal');
  const sub = page.getByRole('group', { name: 'Company details' });
  await expect(sub.getByLabel(/^Aadhaar number/)).toHaveValue(AADHAAR);
  await expect(sub.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(sub.getByText('A password is stored. Leave this blank to keep it.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  details = await readDetails();
  await expect(details.getByText('Set', { exact: true })).toBeVisible();

  // Cleared on purpose, it is gone.
  await page.getByRole('link', { name: 'Edit Client' }).click();
  await page.getByLabel('Clear the stored password').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  details = await readDetails();
  await expect(details).toContainText('XXXX XXXX 2346');
  await expect(details.getByText('Set', { exact: true })).toHaveCount(0);
});
