import { describe, expect, it } from 'vitest';
import { readPage } from '../../../../lib/api/readers/pagination';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}` }));

describe('pagination variants', () => {
  it.each([
    ['pagination {current_page, last_page}', { data: rows(2), pagination: { current_page: 1, last_page: 3, per_page: 2, total: 6 } }, true, 2],
    ['pagination on the last page', { data: rows(2), pagination: { current_page: 3, last_page: 3 } }, false, undefined],
    [
      'meta (a resource collection) with links.next',
      { data: rows(2), meta: { current_page: 1, last_page: 2, links: [] }, links: { next: 'https://s/api/api/contacts?page=2' } },
      true,
      2,
    ],
    ['links.next null', { data: rows(2), links: { next: null }, meta: { current_page: 4, last_page: 9 } }, false, undefined],
    [
      'meta.pagination with total_pages',
      { data: rows(2), meta: { pagination: { total: 10, count: 2, per_page: 2, current_page: 2, total_pages: 5 } } },
      true,
      3,
    ],
    ['has_more true', { data: rows(2), has_more: true }, true, 2],
    ['has_more false despite a full page', { data: rows(2), has_more: false }, false, undefined],
    ['a paginator inside data', { success: true, data: { data: rows(2), current_page: 2, last_page: 3, next_page_url: 'https://s/x?page=3' } }, true, 3],
    ['next_page_url null', { data: rows(2), current_page: 1, next_page_url: null }, false, undefined],
    ['next_page as a number', { data: rows(2), next_page: 7 }, true, 7],
    ['next_page null', { data: rows(2), next_page: null }, false, undefined],
    ['total with the per_page asked', { data: rows(2), total: 5 }, true, 2],
    ['total reached', { data: rows(1), total: 5, page: 3, per_page: 2 }, false, undefined],
    ['_links.next.href', { data: rows(2), _links: { next: { href: '/contacts?page=2' } } }, true, 2],
    ['a next link with a lone % (not decodable)', { data: rows(2), links: { next: '/contacts?search=100%&page=2' } }, true, 2],
  ])('%s', (_, body, hasNext, nextPage) => {
    const page = readPage(body, (body as { data: unknown[] }).data?.length ?? 2, { perPage: 2 });
    expect(page.hasNext).toBe(hasNext);
    expect(page.nextPage).toBe(nextPage);
    expect(page.basis).toBe('metadata');
  });

  it('reads the page and its size from the metadata rather than from what was asked', () => {
    expect(readPage({ meta: { current_page: 3, per_page: 25, total: 80, last_page: 4 } }, 25, { page: 1, perPage: 100 })).toEqual({
      page: 3,
      perPage: 25,
      total: 80,
      lastPage: 4,
      hasNext: true,
      nextPage: 4,
      basis: 'metadata',
    });
  });

  it('without metadata, asks for the next page while a page is full', () => {
    expect(readPage(rows(50), 50, { page: 2, perPage: 50 })).toEqual({ page: 2, perPage: 50, hasNext: true, nextPage: 3, basis: 'page-full' });
    expect(readPage({ success: true, data: rows(49) }, 49, { perPage: 50 })).toMatchObject({ hasNext: false, basis: 'page-full' });
  });

  it('without metadata nor a known page size, says there is no next page', () => {
    expect(readPage({ data: rows(3) }, 3)).toEqual({ page: 1, hasNext: false, basis: 'none' });
  });

  it('ends on an empty page whatever the metadata says', () => {
    expect(readPage({ data: [], has_more: true }, 0, { perPage: 10 }).hasNext).toBe(false);
  });

  it('ignores pagination fields that are not numbers', () => {
    expect(readPage({ data: rows(2), pagination: { current_page: 'first', last_page: null } }, 2, { perPage: 2 })).toMatchObject({
      hasNext: true,
      basis: 'page-full',
    });
  });
});
