import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { adminToken, apiToken, createFirm, createUserAs, PDF_BYTES } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A firm's client with a GST document, which asks its firm to erase its data: the request's id. */
async function createClientAskingErasure(request: APIRequestContext, first: string) {
  const firm = await createFirm(request);
  const client = await createUserAs(request, firm.token, 'client', first, [firm.gst]);
  const uploaded = await request.post('/api/folder/uploadFile', {
    headers: bearer(firm.token),
    multipart: {
      client_id: String(client.id),
      service_id: String(firm.gst),
      is_deleted: '0',
      file: { name: 'gstr-1.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
    },
  });
  expect(uploaded.status()).toBe(201);
  const asked = await request.post('/api/me/rights-requests', {
    headers: bearer(await apiToken(request, client.email, client.password)),
    data: { kind: 'erasure', details: 'Please erase my data.' },
  });
  expect(asked.status()).toBe(201);
  return { firm, client, requestId: (await asked.json()).data.id as number };
}

// Phone width: every screen and dialog here fits 390 px.
test.use({ viewport: { width: 390, height: 844 } });

test.describe('retention and erasure (issue 25)', () => {
  test('the MPC erases a client from its erasure request; the law’s records stay and the request is answered', async ({
    page,
    request,
  }) => {
    const { firm, client, requestId } = await createClientAskingErasure(request, 'Erasable');
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/data-requests/${requestId}`);
    await page.getByRole('link', { name: "Erase the client's data" }).click();

    const dialog = page.getByRole('dialog', { name: "Erase Erasable Demo's personal data" });
    await expect(dialog).toBeVisible();
    const kept = dialog.getByRole('table', { name: 'Records kept until their period ends' });
    await expect(kept.getByRole('row', { name: /GST records/ })).toContainText(/31\/12\/20\d\d/);
    await expect(kept.getByRole('row', { name: /GST records/ })).toContainText('1 files');
    await expectNoSidewaysScroll(page, 'the erasure dialog');
    await expectAccessible(page, 'the erasure dialog');
    await dialog.getByLabel(/Type the client's name/).fill('Erasable');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await expect(dialog.getByLabel(/Type the client's name/)).toHaveAccessibleDescription(
      "The name typed is not this client's name.",
    );
    await dialog.getByLabel(/Type the client's name/).fill('Erasable Demo');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    const done = page.getByRole('dialog', { name: 'Personal data erased' });
    await expect(done.getByText('Kept under a pseudonym until:')).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('region', { name: 'Client' })).toContainText('Erased client');

    // The request is answered with what stays until when.
    await page.goto(`/mpc/data-requests/${requestId}`);
    await expect(page.getByRole('definition').filter({ hasText: /GST records.*until 31\/12\/20\d\d/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the answered erasure request');
    // The client can no longer sign in.
    const signInAgain = await request.post('/api/login', { data: { email: client.email, password: client.password } });
    expect(signInAgain.status()).toBe(401);
  });

  test('the MPC puts a client on legal hold, which stops its erasure, and releases it', async ({ page, request }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Heldclient', [firm.gst]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    const section = page.getByRole('region', { name: 'Data protection' });
    await expect(section).toContainText('Not on legal hold.');
    await section.getByRole('button', { name: 'Put on legal hold' }).click();
    const holdDialog = page.getByRole('dialog', { name: 'Put the client on legal hold' });
    await holdDialog.getByRole('button', { name: 'Place the hold' }).click();
    await expect(holdDialog.getByLabel(/^Why/)).toHaveAccessibleDescription(
      'Say why the client is held (the proceeding, notice or matter).',
    );
    await expectAccessible(page, 'the legal hold dialog with an error');
    await holdDialog.getByLabel(/^Why/).fill('Show cause notice for 2024-25');
    await holdDialog.getByRole('button', { name: 'Place the hold' }).click();
    await expect(section).toContainText(/On legal hold since \d\d\/\d\d\/\d{4}.*Show cause notice for 2024-25/);
    await expectNoSidewaysScroll(page, 'a client on legal hold');

    await section.getByRole('button', { name: 'Erase personal data' }).click();
    const erasure = page.getByRole('dialog', { name: "Erase Heldclient Demo's personal data" });
    await expect(erasure.getByText('This client is on legal hold: release the hold before erasing.')).toBeVisible();
    await expect(erasure.getByLabel(/Type the client's name/)).toHaveCount(0);
    await expectAccessible(page, 'the erasure dialog of a held client');
    await erasure.getByRole('button', { name: 'Close' }).last().click();

    await section.getByRole('button', { name: 'Release the legal hold' }).click();
    await page
      .getByRole('dialog', { name: 'Release the legal hold' })
      .getByRole('button', { name: 'Release the hold' })
      .click();
    await expect(section).toContainText('Not on legal hold.');
  });
});

test.describe('the retention schedule', () => {
  test('the admin changes a period with its source, never logs under a year', async ({ page, request }) => {
    const shipped = await request.get('/api/retention/classes', { headers: bearer(await adminToken(request)) });
    const SHIPPED_LOG_SOURCE = (await shipped.json()).data.find(
      (row: { key: string }) => row.key === 'activity_logs',
    ).source;
    await signInAsAdmin(page);
    await page.goto('/admin/retention');
    const schedule = page.getByRole('table', { name: 'Retention schedule' });
    await expect(schedule.getByRole('row', { name: /GST records/ })).toContainText('72 months (6 years)');
    await expectAccessible(page, 'the retention schedule (admin)');
    await expectNoSidewaysScroll(page, 'the retention schedule (admin)');
    await schedule.getByRole('button', { name: /Edit Logs of processing/ }).click();
    const dialog = page.getByRole('dialog', { name: /Retention: Logs of processing/ });
    await dialog.getByLabel(/^Months/).fill('6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel(/^Months/)).toHaveAccessibleDescription(
      'Logs are kept at least 12 months (DPDP Rules 2025, rules 6 and 8).',
    );
    await expectAccessible(page, 'the retention period dialog with an error');
    await dialog.getByLabel(/^Months/).fill('24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(schedule.getByRole('row', { name: /Logs of processing/ })).toContainText('24 months (2 years)');
    await expect(page.getByRole('combobox', { name: /^Record class of / }).first()).toBeVisible();
    // Back as shipped for the other tests of the run.
    const restored = await request.put('/api/retention/classes/activity_logs', {
      headers: bearer(await adminToken(request)),
      data: { months: 12, source: SHIPPED_LOG_SOURCE },
    });
    expect(restored.status()).toBe(200);
  });

  test('an MPC reads the schedule, cannot change it, and says its firm keeps client due diligence', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/retention');
    await expect(page.getByRole('table', { name: 'Retention schedule' })).toContainText('72 months (6 years)');
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    const pmla = page.getByRole('region', { name: 'Client due diligence (PMLA)' });
    await pmla.getByLabel(/reporting entity/).check();
    await pmla.getByRole('button', { name: 'Save' }).click();
    await expect(pmla.getByText('Firm settings saved.')).toBeVisible();
    await expectAccessible(page, 'the retention schedule (MPC)');
    await expectNoSidewaysScroll(page, 'the retention schedule (MPC)');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Client due diligence (PMLA)' }).getByLabel(/reporting entity/),
    ).toBeChecked();
  });
});
