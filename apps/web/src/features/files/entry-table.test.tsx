import type { FileEntry, FolderEntry } from '@portal/contract/files';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { EntryTable } from './entry-table';

const FOLDER: FolderEntry = {
  folder_id: 4,
  folder_name: 'Returns',
  user: 'Asha Rao',
  user_id: 2,
  service_id: 7,
  created_at: '2026-04-01T10:00:00.000Z',
  children: 1,
  files: 2,
  visibility: 'firm',
  permissions: { visibility: false, delete: true },
  cannot_delete_reason: null,
};

const FILE: FileEntry = {
  file_id: 9,
  file_name: 'form16.pdf',
  service_id: 7,
  folder_id: null,
  user: 'Client One',
  created_at: '2026-04-02T10:00:00.000Z',
  size: 2048,
  mime_type: 'application/pdf',
  notes: 'From the employer',
  is_deleted: 0,
  visibility: 'shared',
  permissions: { visibility: false, delete: false },
  previewable: true,
  download_url: '/api/file/download/abc',
  download_url_expires_at: '2099-01-01T00:00:00.000Z',
  version_count: 3,
};

describe('EntryTable', () => {
  it('shows a folder and a file as rows of one table, each cell labelled for a phone', async () => {
    renderScreen(
      <EntryTable
        basePath="/mpc/file/1"
        clientId={1}
        serviceId={7}
        folders={[FOLDER]}
        files={[FILE]}
        loading={false}
        emptyText="Nothing here"
        reload={async () => [FILE]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Added by', 'Date', 'Size', 'Action']);
    const [folderRow, fileRow] = screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(folderRow as HTMLElement).getByRole('link', { name: 'Returns' })).toHaveAttribute(
      'href',
      '/mpc/file/1/7/4',
    );
    const folderCells = folderRow?.querySelectorAll('td') ?? [];
    expect([...folderCells].map((cell) => cell.getAttribute('data-label'))).toEqual([
      null,
      'Added by',
      'Date',
      'Size',
      null,
    ]);
    expect(folderCells[3]).toHaveTextContent('3 items');
    expect(folderCells[3]).toHaveClass('text-muted');
    expect(folderCells[4]).toHaveClass('entry-actions');
    expect(within(folderRow as HTMLElement).getByRole('button', { name: 'Delete folder Returns' })).toBeVisible();

    const fileCells = fileRow?.querySelectorAll('td') ?? [];
    expect(fileCells[0]).toHaveTextContent('From the employer');
    expect(within(fileRow as HTMLElement).getByRole('button', { name: '3 versions of form16.pdf' })).toBeVisible();
    expect(fileCells[1]).toHaveTextContent('Client One');
    expect(fileCells[3]).toHaveTextContent('2.0 KB pdf');
    expect(fileCells[3]).toHaveClass('text-nowrap');
    expect(within(fileRow as HTMLElement).getByRole('button', { name: 'Preview form16.pdf' })).toBeVisible();
    expect(within(fileRow as HTMLElement).getByRole('link', { name: 'Download form16.pdf' })).toHaveAttribute(
      'href',
      '/api/file/download/abc',
    );
    expect(within(fileRow as HTMLElement).queryByRole('button', { name: 'Delete form16.pdf' })).toBeNull();
  });
});
