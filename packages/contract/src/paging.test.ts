import { describe, expect, it } from 'vitest';
import { countPages, MAX_PAGE_SIZE, PAGE_SIZE, PAGING_MESSAGES, pageQuerySchema } from './paging.js';

describe('pageQuerySchema', () => {
  it('defaults to the first page of 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: PAGE_SIZE });
  });

  it.each([
    [
      { page: '2', limit: '5' },
      { page: 2, limit: 5 },
    ],
    [
      { page: '1', limit: '500' },
      { page: 1, limit: MAX_PAGE_SIZE },
    ],
    [
      { page: '3', limit: '100' },
      { page: 3, limit: 100 },
    ],
  ])('reads %o as %o', (input, expected) => {
    expect(pageQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ page: '0' }, 'page', PAGING_MESSAGES.page],
    [{ page: '-1' }, 'page', PAGING_MESSAGES.page],
    [{ page: 'abc' }, 'page', PAGING_MESSAGES.page],
    [{ page: '1.5' }, 'page', PAGING_MESSAGES.page],
    [{ limit: '0' }, 'limit', PAGING_MESSAGES.limit],
    [{ limit: 'ten' }, 'limit', PAGING_MESSAGES.limit],
  ])('rejects %o', (input, field, message) => {
    const issue = pageQuerySchema.safeParse(input).error?.issues[0];
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(message);
  });
});

describe('countPages', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
  ])('%i rows of %i per page make %i pages', (total, perPage, pages) => {
    expect(countPages(total, perPage)).toBe(pages);
  });
});
