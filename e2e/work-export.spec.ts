import fs from 'node:fs';
import { expect, signIn, test } from './support/fixtures';
import { adminToken, createFirm, createUserAs, listWork, tieRule, uniqueSuffix } from './support/people';

test('the Work tab exports its filtered list as CSV with the session, one row per item', async ({ page, request }) => {
  const firm = await createFirm(request);
  await tieRule(request, await adminToken(request), 'GSTR3B_MONTHLY', firm.gst);
  const suffix = uniqueSuffix();
  await createUserAs(request, firm.token, 'client', `Exported${suffix}`, [firm.gst]);
  const items = await listWork(request, firm.token);
  expect(items.length).toBeGreaterThan(0);

  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Work', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill(`Exported${suffix}`);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Exported${suffix}` })
      .first(),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^work-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Client,Service,Title,Period,Due date,Status,Overdue,Assignee,Filed on,Acknowledgement number,Notes',
  );
  expect(lines.slice(1)).toHaveLength(items.length);
  for (const line of lines.slice(1)) expect(line).toContain(`Exported${suffix} Demo`);
});
