import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, PDF_BYTES } from './support/people';

test('the client edit form shows its services, adds one without losing the others, and asks before removing one with files', async ({
  page,
  request,
}) => {
  const firm = await createFirm(request);
  const headers = { authorization: `Bearer ${firm.token}` };
  const client = await createUserAs(request, firm.token, 'client', 'Servco', [firm.gst]);
  const folder = await request.post('/api/folder/create', {
    headers,
    data: { folder_name: 'Returns', client_id: client.id, service_id: firm.gst, folder_id: '' },
  });
  await request.post('/api/folder/uploadFile', {
    headers,
    multipart: {
      is_deleted: '0',
      client_id: String(client.id),
      service_id: String(firm.gst),
      folder_id: String((await folder.json()).data.folder_id),
      file: { name: 'gstr-3b.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
    },
  });
  const servicesOf = async () =>
    (await (await request.get(`/api/user/detail/${client.id}`, { headers })).json()).data.nature_of_service;

  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.goto(`/mpc/client/edit/${client.id}`);
  const gst = page.getByRole('checkbox', { name: 'GST Filing', exact: true });
  const itr = page.getByRole('checkbox', { name: 'ITR Filing', exact: true });
  await expect(gst).toBeChecked();
  await expect(itr).not.toBeChecked();
  // Tax ids turn into capitals in the field itself as they are typed.
  const pan = page.getByLabel('PAN number', { exact: true });
  await pan.pressSequentially('abcpe1234f');
  await expect(pan).toHaveValue('ABCPE1234F');
  await itr.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  expect((await servicesOf()).sort()).toEqual([firm.gst, firm.itr].sort());

  // GST holds a folder and a file: taking it away asks first, and Cancel saves nothing.
  await page.goto(`/mpc/client/edit/${client.id}`);
  await expect(page.getByRole('checkbox', { name: 'ITR Filing', exact: true })).toBeChecked();
  await page.getByRole('checkbox', { name: 'GST Filing', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: 'Remove a service with work in it?' });
  await expect(question).toContainText('GST Filing has 1 folder, 1 file.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect((await servicesOf()).sort()).toEqual([firm.gst, firm.itr].sort());
  await page.getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: 'Remove and save' }).click();
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  expect(await servicesOf()).toEqual([firm.itr]);
});
