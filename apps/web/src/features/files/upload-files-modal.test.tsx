import { SETTINGS_PATH } from '@portal/contract/common';
import { FILE_MESSAGES, FILE_PATHS } from '@portal/contract/files';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_TYPES } from '../../components/take-photo-button';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { UploadFilesModal } from './upload-files-modal';

const target = { clientId: 4, serviceId: 2, folderId: 11 };
const settings = ok({ require_tax_id: false, registration_open: true, registration_approval: false, max_upload_mb: 1 });
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

function showModal(askCanDelete: boolean) {
  const api = fakeApi().on('GET', SETTINGS_PATH, settings);
  const onClose = vi.fn();
  // Staff are asked both questions, a client neither.
  const view = renderScreen(
    <UploadFilesModal
      show
      target={target}
      askCanDelete={askCanDelete}
      chooseVisibility={askCanDelete}
      onClose={onClose}
    />,
  );
  const picker = () => screen.getByLabelText('Files to upload', { selector: 'input' });
  return { api, onClose, picker, ...view };
}

describe('UploadFilesModal', () => {
  it('asks for a file and, of staff, whether the client may delete it, before anything is sent', async () => {
    const { api, user } = showModal(true);
    expect(await screen.findByText(FILE_MESSAGES.uploadLimit(1))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(FILE_MESSAGES.fileRequired)).toBeInTheDocument();
    expect(screen.getByText(FILE_MESSAGES.canDeleteRequired)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Can Client Delete?' })).toHaveAccessibleDescription(
      FILE_MESSAGES.canDeleteRequired,
    );
    expect(api.sentTo('POST', FILE_PATHS.upload)).toHaveLength(0);
  });

  it('refuses a file over the limit here, and sends the others with their notes and the choices', async () => {
    const { api, user, picker } = showModal(true);
    api.on('POST', FILE_PATHS.upload, ok({ id: 1 }, FILE_MESSAGES.fileUploaded));
    await screen.findByText(FILE_MESSAGES.uploadLimit(1));
    await user.upload(picker(), [fileOf('gst-april.pdf', 2_000), fileOf('scan.pdf', 2 * 1024 * 1024)]);
    const queue = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(queue).getByText(FILE_MESSAGES.fileTooLarge(1))).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note for gst-april.pdf'), 'April sales');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('radio', { name: 'Shared with the client' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Firm only' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    // The refused file stays listed as not sent, so the batch is not "uploaded successfully".
    expect(await within(queue).findByText('Uploaded')).toBeInTheDocument();
    expect(within(queue).getByText('Not sent')).toBeInTheDocument();
    expect(screen.queryByText(FILE_MESSAGES.fileUploaded)).not.toBeInTheDocument();
    const sent = api.sentTo('POST', FILE_PATHS.upload);
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      file_name: 'gst-april.pdf',
      notes: 'April sales',
      is_deleted: '1',
      visibility: 'firm',
      client_id: '4',
      service_id: '2',
      folder_id: '11',
    });
    expect((body.get('file') as File).name).toBe('gst-april.pdf');
  });

  it("shows the server's refusal on its file, and asks a client nothing about deleting", async () => {
    const { api, user, picker } = showModal(false);
    api.on('POST', FILE_PATHS.upload, refused(422, 'This file type is not allowed.'));
    await screen.findByText(FILE_MESSAGES.uploadLimit(1));
    expect(screen.queryByText('Can Client Delete?')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Who sees it?' })).not.toBeInTheDocument();
    await user.upload(picker(), fileOf('setup.exe', 10));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const queue = screen.getByRole('list', { name: 'Files to upload' });
    expect(await within(queue).findByRole('alert')).toHaveTextContent('This file type is not allowed.');
    expect(within(queue).getByText('Failed')).toBeInTheDocument();
    const [sent] = api.sentTo('POST', FILE_PATHS.upload);
    const body = sent?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.has('is_deleted')).toBe(false);
    expect(body.has('visibility')).toBe(false);

    // Removed and chosen again, it goes through, and the batch says so.
    api.on('POST', FILE_PATHS.upload, ok({ id: 2 }, FILE_MESSAGES.fileUploaded));
    await user.click(within(queue).getByRole('button', { name: 'Remove setup.exe' }));
    await user.upload(picker(), fileOf('notice.pdf', 10));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(FILE_MESSAGES.fileUploaded)).toBeInTheDocument();
  });

  describe('from a phone', () => {
    /** A browser whose main pointer is a finger (a phone) or a mouse. */
    const pointWith = (pointer: 'coarse' | 'fine') =>
      vi.stubGlobal(
        'matchMedia',
        (query: string) => ({ matches: query === `(pointer: ${pointer})`, media: query }) as MediaQueryList,
      );
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('offers "Take a photo" beside the picker: the back camera, types every upload takes, the photo queued', async () => {
      pointWith('coarse');
      const { api, user, picker } = showModal(false);
      api.on('POST', FILE_PATHS.upload, ok({ id: 1 }, FILE_MESSAGES.fileUploaded));
      await screen.findByText(FILE_MESSAGES.uploadLimit(1));
      const camera = screen.getByLabelText('Photo of a document', { selector: 'input' });
      expect(camera).toHaveAttribute('capture', 'environment');
      expect(camera).toHaveAttribute('accept', PHOTO_TYPES.join(','));
      // The picker still opens the phone's files, of any type: capture would send some phones to the camera only.
      expect(picker()).not.toHaveAttribute('capture');
      expect(picker()).not.toHaveAttribute('accept');
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Take a photo' }));
      await user.upload(camera, new File([new Uint8Array(300)], 'IMG_0412.jpg', { type: 'image/jpeg' }));
      const queue = screen.getByRole('list', { name: 'Files to upload' });
      // Named by when it was taken: phones name every capture alike, which would make each a version of the last.
      expect(within(queue).getByText(/^Photo \d{2}-\d{2}-\d{4} \d{2}\.\d{2}\.\d{2}\.jpg$/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText(FILE_MESSAGES.fileUploaded)).toBeInTheDocument();
      const sent = api.sentTo('POST', FILE_PATHS.upload);
      const photo = (sent[0]?.body as FormData | undefined)?.get('file') as File | undefined;
      expect(photo?.name).toMatch(/^Photo \d{2}-\d{2}-\d{4} \d{2}\.\d{2}\.\d{2}\.jpg$/);
    });

    it('on a computer driven by a mouse offers the picker alone', async () => {
      pointWith('fine');
      showModal(false);
      await screen.findByText(FILE_MESSAGES.uploadLimit(1));
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Photo of a document')).not.toBeInTheDocument();
    });
  });
});
