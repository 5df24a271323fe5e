import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, field, uniqueSuffix } from './support/people';

const AADHAAR = '234123412346';

/** A new firm's MPC signs in and opens an empty Add Client form. */
async function openAddClientAsNewFirm(page: Page, request: APIRequestContext) {
  const firm = await createFirm(request);
  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.goto('/mpc/client');
  await page.getByRole('button', { name: 'Add Client' }).click();
}

/** Finds a client by name in the client list and opens its details. */
async function openClientDetails(page: Page, name: string) {
  await page.getByLabel('Search', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filter' }).click();
  const href = await page.getByRole('link', { name: /Details of/ }).getAttribute('href');
  await page.goto(href as string);
}

async function fillBase(page: Page, first: string, email: string) {
  const form = page.locator('form').first();
  await field(form, 'First name').fill(first);
  await field(form, 'Last name').fill('Demo');
  await field(form, 'Email').fill(email);
  await field(form, 'Mobile number').fill('9876543210');
  await field(form, 'Password').fill('Secret@123');
}

async function fillClient(page: Page, first: string, status: string) {
  await fillBase(page, first, `${first.toLowerCase()}.${uniqueSuffix()}@client.test`);
  const form = page.locator('form').first();
  await field(form, 'Pincode').fill('110001');
  await field(form, 'Pincode').blur();
  await expect(field(form, 'State')).toHaveValue('Delhi');
  await form.getByRole('checkbox', { name: 'GST Filing', exact: true }).check();
  await form.getByRole('checkbox', { name: 'ITR Filing', exact: true }).check();
  await field(form, 'Client status').selectOption({ label: status });
}

test.describe('MPC area', () => {
  test('the MPC sees its sections, adds a PC and an executor, and the executor starts Created', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const tab of ['Dashboard', 'PCs', 'Executors', 'Client', 'User Link']) {
      await expect(
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: tab, exact: true }),
      ).toBeVisible();
    }

    const suffix = uniqueSuffix();
    await page.getByRole('link', { name: 'PCs', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Add Professional Consultant' })).toBeVisible();
    await page.getByRole('button', { name: 'Add PC' }).click();
    await fillBase(page, `Pcone${suffix}`, `pc.${suffix}@firm.test`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PCs List' })).toBeVisible();
    await expect(page.getByRole('cell', { name: `pc.${suffix}@firm.test` })).toBeVisible();

    await page.getByRole('link', { name: 'Executors', exact: true }).click();
    await page.getByRole('button', { name: 'Add Executor' }).click();
    await fillBase(page, `Exone${suffix}`, `ex.${suffix}@firm.test`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page
        .getByRole('row', { name: new RegExp(`ex.${suffix}@firm.test`) })
        .getByRole('cell', { name: 'Created', exact: true }),
    ).toBeVisible();
  });

  test('the MPC adds an Individual client whose details mask the Aadhaar, and keeps its family members', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    const suffix = uniqueSuffix();
    await page.getByRole('button', { name: 'Add Client' }).click();
    await fillClient(page, `Indiv${suffix}`, 'Individual');
    const sub = page.getByRole('group', { name: 'Personal details' });
    await sub.getByLabel(/^Date of birth/).fill('12/03/1985');
    await sub.getByLabel(/^Sex/).selectOption('female');
    await sub.getByLabel(/^Aadhaar number/).fill(AADHAAR);
    await sub.getByLabel(/^Father's name/).fill('Gopal');
    await sub.getByLabel('MSME registered?').selectOption('no');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();
    const clientRow = page.getByRole('row', { name: new RegExp(`Indiv${suffix}`) });
    await expect(clientRow).toContainText('GST Filing, ITR Filing');

    const [detail] = await Promise.all([
      page.context().waitForEvent('page'),
      clientRow.getByRole('link', { name: /Details of/ }).click(),
    ]);
    await expect(detail.getByRole('heading', { name: 'Client Details' })).toBeVisible();
    await expect(detail.getByText('XXXX XXXX 2346')).toBeVisible();
    // Dates read as people in India write them.
    await expect(detail.getByRole('region', { name: 'Personal details' }).getByText('12/03/1985')).toBeVisible();
    await expect(detail.getByText(AADHAAR)).toHaveCount(0);
    const family = detail.locator('.card').filter({ has: detail.getByRole('heading', { name: 'Family Member' }) });
    await family.getByRole('button', { name: 'Add' }).click();
    for (const message of [
      'Please enter name',
      'Please enter mobile number',
      'Please enter Email Id',
      'Please select service',
    ]) {
      await expect(family.getByText(message)).toBeVisible();
    }
    await family.getByLabel('Name').fill('Kavya');
    await family.getByLabel('Mobile number').fill('9123456780');
    await family.getByLabel('Email Id').fill('kavya@family.test');
    await family.getByLabel('Service').selectOption({ label: 'ITR Filing' });
    await family.getByRole('button', { name: 'Add' }).click();
    await expect(family.getByRole('cell', { name: 'Kavya', exact: true })).toBeVisible();
    // Removing asks first; Cancel keeps the member.
    await family.getByRole('button', { name: 'Remove Kavya' }).click();
    const removal = detail.getByRole('dialog', { name: 'Remove Family Member' });
    await expect(removal).toContainText("Remove Kavya from this client's family members?");
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await expect(family.getByRole('cell', { name: 'Kavya', exact: true })).toBeVisible();
    await family.getByRole('button', { name: 'Remove Kavya' }).click();
    await removal.getByRole('button', { name: 'Remove' }).click();
    await expect(family.getByRole('cell', { name: 'Kavya', exact: true })).toHaveCount(0);
    await detail.close();
  });

  test("the MPC assigns a client's service to a PC, and in MPC mode asks for another firm's MPC by username", async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const pc = await createUserAs(request, firm.token, 'pc', 'Pcone', [firm.gst]);
    const client = await createUserAs(request, firm.token, 'client', 'Indiv', [firm.gst]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    const clientRow = page.getByRole('row', { name: new RegExp(client.email) });
    await clientRow.getByRole('link', { name: /Assign services of/ }).click();
    await expect(page).toHaveURL(/\/mpc\/client\/assign-service\/\d+$/);
    await expect(page.getByLabel('PC/Executor')).toBeChecked();
    await page.getByLabel('PC for GST Filing').selectOption({ label: `Pcone Demo (${pc.username})` });
    await expect(page.getByRole('status').filter({ hasText: 'Assignment saved successfully.' })).toBeVisible();
    await page.getByLabel('PC/Executor').uncheck();
    await expect(page.getByLabel('PC/Executor')).not.toBeChecked();
    await expect(page.getByText("Each service goes to another firm's MPC, by username.")).toBeVisible();
    await page.getByRole('button', { name: 'Save MPC for GST Filing' }).click();
    await expect(page.getByText('MPC username is required')).toBeVisible();
    await page.getByLabel('MPC username for GST Filing').fill('no-such-mpc');
    await page.getByRole('button', { name: 'Save MPC for GST Filing' }).click();
    await expect(page.getByText('No active MPC has this username.')).toBeVisible();
    await page.getByLabel('PC/Executor').check();
    await expect(page.getByLabel('PC for GST Filing')).toHaveValue(String(pc.id));
  });

  test('the MPC keeps user links: the spec messages, then a link that opens in a new tab', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('link', { name: 'User Link' }).click();
    // The dashboard has Save buttons of its own and stays on screen while the links page loads: the
    // URL changes first, so the Save pressed is the links form's.
    await expect(page).toHaveURL(/\/mpc\/file$/);
    const addLink = page.getByRole('form', { name: 'Add link' });
    await addLink.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter label name')).toBeVisible();
    await expect(page.getByText('Please enter value')).toBeVisible();
    await addLink.getByLabel('Label').fill('Income Tax portal');
    await addLink.getByLabel('Value').fill('https://www.incometax.gov.in');
    await addLink.getByRole('button', { name: 'Save' }).click();
    const link = page.getByRole('link', { name: 'https://www.incometax.gov.in' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('a Firm client with 3 partner rows round-trips', async ({ page, request }) => {
    await openAddClientAsNewFirm(page, request);
    const suffix = uniqueSuffix();
    await fillClient(page, `Firmco${suffix}`, 'Firm');
    const sub = page.getByRole('group', { name: 'Firm details' });
    await sub.getByLabel(/^Full name/).fill('Firmco & Partners');
    await sub.getByLabel('MSME registered?').selectOption('no');
    await sub.getByLabel('Number of partners').fill('3');
    for (const [index, name] of ['Asha', 'Bala', 'Chitra'].entries()) {
      await sub.getByLabel(`Partner ${index + 1} Name of partner`).fill(name);
      await sub.getByLabel(`Partner ${index + 1} PAN number`).fill('ABCPE1234F');
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();
    await openClientDetails(page, `Firmco${suffix}`);
    const partners = page.getByRole('table', { name: 'Partners' });
    await expect(partners.locator('tbody tr')).toHaveCount(3);
    await expect(partners).toContainText('Chitra');
    await page.getByRole('link', { name: 'Edit Client' }).click();
    await expect(page.getByLabel('Partner 3 Name of partner')).toHaveValue('Chitra');
  });

  test('a LocalAuthority client with the 12AA block round-trips', async ({ page, request }) => {
    await openAddClientAsNewFirm(page, request);
    const suffix = uniqueSuffix();
    await fillClient(page, `Civic${suffix}`, 'Local Authority');
    const sub = page.getByRole('group', { name: 'Local authority details' });
    await sub.getByLabel(/^Registration number 1/).fill('MUN-42');
    await sub.getByLabel(/^12AA registration number/).fill('12AA/991');
    await sub.getByLabel(/^Valid from/).fill('2022-2024');
    await sub.getByLabel(/^Valid to/).fill('2026-2027');
    await sub.getByLabel('MSME registered?').selectOption('no');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(sub.getByText('Enter a tax year like 2022-2023.')).toBeVisible();
    await sub.getByLabel(/^Valid from/).fill('2022-2023');
    await sub.getByLabel('12AA registration document').setInputFiles({
      name: '12aa.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();
    await openClientDetails(page, `Civic${suffix}`);
    const details = page.getByRole('region', { name: 'Local authority details' });
    await expect(details).toContainText('12AA/991');
    await expect(details).toContainText('2022-2023');
    await expect(details).toContainText('2026-2027');
    await expect(page.getByRole('link', { name: '12aa.pdf' })).toBeVisible();
  });
});
