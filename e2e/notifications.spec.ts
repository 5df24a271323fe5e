import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import {
  apiToken,
  askForDocuments,
  createFirm,
  createFirmWithGstWork,
  createUserAs,
  listWork,
  uniqueSuffix,
  uploadForRequest,
} from './support/people';

test.describe('notifications', () => {
  test('a PC sees the bell count after the MPC hands it a service and moves its work, follows one, and the count drops', async ({
    page,
    request,
  }) => {
    const { firm, pc, client } = await createFirmWithGstWork(request, { pc: 'Bell', client: 'Traders' });
    // The MPC's doing, through the API: the client's GST goes to the PC, then one of its returns moves on.
    const headers = { authorization: `Bearer ${firm.token}` };
    const assigned = await request.post('/api/service/assignPC', {
      headers,
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    expect(assigned.ok()).toBe(true);
    const [item] = await listWork(request, firm.token, `&client_id=${client.id}`);
    const moved = await request.put(`/api/work/${item?.id}`, { headers, data: { status: 'in_progress' } });
    expect(moved.ok()).toBe(true);
    const title = item?.title as string;

    // On a phone: the bell fits the top bar and its menu the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    const bell = page.getByRole('button', { name: /^Notifications, / });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    // Each notice leads to what it is about; an unread one says so.
    await expect(page.getByRole('link', { name: /^Unread: .* assigned you GST Filing of Traders/ })).toBeVisible();
    const workNotice = page.getByRole('link', { name: new RegExp(`^Unread: .* moved ${title} .* to In progress`) });
    await expect(workNotice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await workNotice.click();
    await expect(page).toHaveURL(new RegExp(`/pc/work/${item?.id}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    // The whole list, and the rest marked read from it.
    await bell.click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('1 unread.')).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByText('All read.')).toBeVisible();
  });

  test('a member turns the daily digest off in My Profile and it stays off after a reload', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const member = await createUserAs(request, firm.token, 'pc', `Digest${uniqueSuffix()}`);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto('/pc/profile');
    const section = page.getByRole('region', { name: 'Email notifications' });
    const digest = section.getByRole('switch', { name: /Daily digest/ });
    await expect(digest).toBeChecked();
    await digest.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Email preferences saved.' })).toBeVisible();
    await expect(digest).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Email notifications' }).getByRole('switch', { name: /Daily digest/ }),
    ).not.toBeChecked();
  });

  test("the MPC hears of its PC's filing and a client's upload, sees them on its dashboard, and turns upload mail off", async ({
    page,
    request,
  }) => {
    const { firm, pc, client } = await createFirmWithGstWork(request, { pc: 'Owner', client: 'Sender' });
    const assigned = await request.post('/api/service/assignPC', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    expect(assigned.ok()).toBe(true);
    const [first, second] = await listWork(request, firm.token, `&client_id=${client.id}`);
    const pcToken = await apiToken(request, pc.email, pc.password);
    const filed = await request.put(`/api/work/${first?.id}`, {
      headers: { authorization: `Bearer ${pcToken}` },
      data: { status: 'filed', ack_number: 'AA2904260000777' },
    });
    expect(filed.ok()).toBe(true);
    const asked = await askForDocuments(request, pcToken, second?.id as number, ['Bank statement']);
    await uploadForRequest(
      request,
      await apiToken(request, client.email, client.password),
      asked.id,
      asked.items[0]?.id as number,
    );

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    const filedCard = page.getByRole('region', { name: 'Recently filed' });
    await expect(filedCard.getByRole('link', { name: first?.title })).toHaveAttribute('href', `/mpc/work/${first?.id}`);
    await expect(filedCard).toContainText(/\d{2}\/\d{2}\/\d{4} · ARN AA2904260000777/);
    const received = page.getByRole('region', { name: 'Documents received' });
    await expect(received.getByRole('link', { name: 'Bank statement' })).toHaveAttribute(
      'href',
      `/mpc/work/${second?.id}`,
    );
    await expect(received).toContainText(`Sender`);

    const bell = page.getByRole('button', { name: /^Notifications, / });
    await bell.click();
    await expect(page.getByRole('link', { name: /marked .* Filed, ARN AA2904260000777/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /uploaded Bank statement to / })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'MPC dashboard with filings and documents received');

    await page.goto('/mpc/profile');
    const choices = page.getByRole('region', { name: "Your firm's work" });
    const uploadMail = choices.getByRole('switch', { name: 'Client uploads: by email' });
    await expect(uploadMail).toBeChecked();
    await expect(choices.getByRole('switch', { name: 'Client uploads: in the app' })).toBeChecked();
    await uploadMail.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Notice preferences saved.' })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: "Your firm's work" }).getByRole('switch', { name: 'Client uploads: by email' }),
    ).not.toBeChecked();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'MPC profile with its notice choices, 390 px');
  });
});
