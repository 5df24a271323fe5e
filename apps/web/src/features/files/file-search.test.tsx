import { FILE_SEARCH_MESSAGES, FILE_SEARCH_PATH, type FileSearchResult } from '@portal/contract/file-search';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { FileSearch } from './file-search';
import { fileSearchQuery } from './file-search-api';

const found = (id: number, folder: { id: number; name: string } | null): FileSearchResult => ({
  id,
  file_name: `ledger-${id}.pdf`,
  size: 2048,
  mime: 'application/pdf',
  created_at: '2026-04-02T05:30:00.000Z',
  client: { id: 4, name: 'Asha Rao' },
  service: { id: 2, name: 'GST Filing' },
  folder,
  download_url: `/api/file/download/${id}?sig=a`,
  download_url_expires_at: new Date(Date.now() + 600_000).toISOString(),
});

function showSearch() {
  const api = fakeApi();
  const view = renderScreen(
    <FileSearch clientId={4} basePath="/mpc/client/file/4" label="Search this client's files" />,
  );
  return { api, ...view };
}

describe('FileSearch', () => {
  it("shows each file found with its service, folder, size and date, its folder's link and its download", async () => {
    const { api, user } = showSearch();
    api.on('GET', FILE_SEARCH_PATH, (request) =>
      ok(
        request.params.before === undefined
          ? { files: [found(9, { id: 5, name: 'Returns' })], next: 9 }
          : { files: [found(3, null)], next: null },
      ),
    );
    await user.type(screen.getByLabelText("Search this client's files"), 'dger');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('list', { name: 'Files found' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ledger-9.pdf' })).toHaveAttribute(
      'href',
      '/api/file/download/9?sig=a',
    );
    expect(within(first).getByText(/GST Filing · Returns · 2(\.0)? KB · 02\/04\/2026/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open folder of ledger-9.pdf' })).toHaveAttribute(
      'href',
      '/mpc/client/file/4/2/5',
    );
    expect(api.sentTo('GET', FILE_SEARCH_PATH)[0]?.params).toEqual({ q: 'dger', client_id: 4 });
    await user.click(screen.getByRole('button', { name: 'More results' }));
    expect(await within(list).findByRole('link', { name: 'Open folder of ledger-3.pdf' })).toHaveAttribute(
      'href',
      '/mpc/client/file/4/2',
    );
  });

  it('asks for three characters before searching, and shows the server refusal under the field', async () => {
    const { api, user } = showSearch();
    await user.type(screen.getByLabelText("Search this client's files"), 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(FILE_SEARCH_MESSAGES.termTooShort)).toBeInTheDocument();
    expect(api.sentTo('GET', FILE_SEARCH_PATH)).toHaveLength(0);
    api.on('GET', FILE_SEARCH_PATH, refused(422, 'The request is not valid.', { q: ['Not this term.'] }));
    await user.type(screen.getByLabelText("Search this client's files"), 'c');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Not this term.')).toBeInTheDocument();
  });

  it('fetches its results again before their signed links end, as a folder does', () => {
    const refetch = fileSearchQuery(4, 'dger').refetchInterval as (query: unknown) => number | false;
    const inTwoMinutes = { ...found(9, null), download_url_expires_at: new Date(Date.now() + 120_000).toISOString() };
    const interval = refetch({ state: { data: { pages: [{ files: [found(3, null), inTwoMinutes], next: null }] } } });
    expect(interval).toBeGreaterThanOrEqual(5_000);
    expect(interval).toBeLessThan(120_000);
    expect(refetch({ state: { data: undefined } })).toBe(false);
  });
});
