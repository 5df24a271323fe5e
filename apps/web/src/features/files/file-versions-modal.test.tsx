import { FILE_MESSAGES, FILE_PATHS, type FileEntry, type FileVersions } from '@portal/contract/files';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { FileVersionsModal } from './file-versions-modal';

const later = new Date(Date.now() + 10 * 60_000).toISOString();
const file = { file_id: 7, file_name: 'ledger.pdf', version_count: 2 } as FileEntry;
const entry = (versionId: number | null, user: string, created: string) => ({
  version_id: versionId,
  current: versionId === null,
  file_name: 'ledger.pdf',
  size: 2048,
  mime_type: 'application/pdf',
  user,
  created_at: created,
  download_url: versionId === null ? '/api/file/download/7?sig=a' : `/api/file/7/versions/${versionId}/download?sig=b`,
  download_url_expires_at: later,
});
const versions = (restore: boolean): FileVersions => ({
  file_id: 7,
  file_name: 'ledger.pdf',
  versions: [entry(null, 'Asha Rao', '2026-04-02T05:30:00.000Z'), entry(31, 'Client One', '2026-04-01T05:30:00.000Z')],
  permissions: { restore },
});

function showModal(restore: boolean) {
  const api = fakeApi().on('GET', FILE_PATHS.versions(7), ok(versions(restore)));
  const view = renderScreen(<FileVersionsModal clientId={4} file={file} onClose={vi.fn()} />);
  return { api, ...view };
}

describe('FileVersionsModal', () => {
  it('lists the versions newest first, each with its own download, who uploaded it and when', async () => {
    showModal(false);
    const list = await screen.findByRole('list', { name: 'Versions of ledger.pdf' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Current')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/Asha Rao, 02\/04\/2026/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/Client One, 01\/04\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the version 1' })).toHaveAttribute(
      'href',
      '/api/file/7/versions/31/download?sig=b',
    );
    // A client (no restore permission) sees no Restore.
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it('lets staff restore an earlier version and says the current one is kept', async () => {
    const { api, user } = showModal(true);
    api.on('POST', FILE_PATHS.restoreVersion(7, 31), ok(versions(true), FILE_MESSAGES.versionRestored));
    await user.click(await screen.findByRole('button', { name: 'Restore the version 1' }));
    expect(await screen.findByText(FILE_MESSAGES.versionRestored)).toBeInTheDocument();
    expect(api.sentTo('POST', FILE_PATHS.restoreVersion(7, 31))).toHaveLength(1);
    // The current version has no Restore of its own.
    expect(screen.queryByRole('button', { name: 'Restore the current version' })).not.toBeInTheDocument();
  });
});
