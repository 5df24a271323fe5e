import { SETTINGS_PATH } from '@portal/contract/common';
import { type DocumentRequest, REQUEST_PATHS, type RequestItem } from '@portal/contract/requests';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_TYPES } from '../../components/take-photo-button';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { UploadControl } from './request-document-actions';

const person = (id: number, name: string) => ({ id, name }) as DocumentRequest['client'];
const item: RequestItem = {
  id: 7,
  name: 'PAN Card',
  status: 'pending',
  reason: null,
  reviewed_at: null,
  reviewed_by: null,
  files: [],
};
const request: DocumentRequest = {
  id: 3,
  work_item: { id: 9, title: 'GST return', period_label: 'April 2026', service_id: 2, service_name: 'GST' },
  client: person(4, 'Asha Rao'),
  message: null,
  due_date: '2026-05-10',
  overdue: false,
  status: 'open',
  items: [item],
  created_by: person(2, 'Firm Owner'),
  created_at: '2026-04-20T05:00:00.000Z',
  closed_at: null,
  reminders_sent: 0,
  permissions: { manage: false, upload: true, send_link: false },
  link: null,
};
const settings = ok({ require_tax_id: false, registration_open: true, registration_approval: false, max_upload_mb: 1 });

describe('UploadControl from a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the requested document as a photo from the back camera and sends it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
    const api = fakeApi()
      .on('GET', SETTINGS_PATH, settings)
      .on('POST', REQUEST_PATHS.upload(3, 7), ok(request, 'Document uploaded.'));
    const onDone = vi.fn();
    const { user } = renderScreen(<UploadControl request={request} item={item} onDone={onDone} />);
    const camera = screen.getByLabelText('Photo of PAN Card', { selector: 'input' });
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', PHOTO_TYPES.join(','));
    // The picker beside it still reaches the files on the phone.
    expect(screen.getByLabelText('File for PAN Card')).not.toHaveAttribute('capture');

    await user.upload(camera, new File([new Uint8Array(200)], 'IMG_0413.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText(/^Photo taken: Photo \d{2}-\d{2}-\d{4} \d{2}\.\d{2}\.\d{2}\.jpg$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload PAN Card' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Document uploaded.'));
    const sent = api.sentTo('POST', REQUEST_PATHS.upload(3, 7));
    const photo = (sent[0]?.body as FormData | undefined)?.get('file') as File | undefined;
    expect(photo?.name).toMatch(/^Photo \d{2}-\d{2}-\d{4} \d{2}\.\d{2}\.\d{2}\.jpg$/);
    expect(screen.queryByText(/Photo taken/)).not.toBeInTheDocument();
  });
});
