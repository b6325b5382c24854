// Where the next page is (spec 000: list pagination metadata not shown), read by structure: from
// any object of the body outside its records (`meta`, `paging`, `page_info`, `pagination`, a
// paginator's own fields, the envelope), the most nested first, with folded keys: page numbers,
// totals, `has_more`, a next page, a `next` link, a next cursor. With none, "next" while a page is full.
import { normalized, first, isNode, nested, type Node } from '../body/fold';
import { nodesIn } from '../body/envelope';
import { bool, count, num, text } from '../body/values';
import type { PageInfo } from '../schemas/common';

/** What the caller asked for: `per_page` decides what a full page is when nothing else says. */
export interface Asked {
  page?: number | undefined;
  perPage?: number | undefined;
}

const PAGE = ['current_page', 'page', 'page_number'];
const PER_PAGE = ['per_page', 'page_size', 'limit'];
const TOTAL = ['total', 'total_count', 'total_items', 'total_results'];
const LAST = ['last_page', 'total_pages', 'page_count', 'pages'];
const MORE = ['has_more', 'has_next', 'has_next_page', 'more'];
const NEXT_LINK = ['next_page_url', 'next_url', 'next_link', 'next'];
const NEXT_CURSOR = ['next_cursor', 'next_page_token'];

/** The objects that may carry pagination, the most nested first. */
function holders(body: unknown): Node[] {
  const root = normalized(body);
  if (!isNode(root)) return [];
  const all = nodesIn(root, 3);
  const depth = new Map<Node, number>([[root, 0]]);
  for (const o of all) for (const child of Object.values(o)) if (isNode(child) && !depth.has(child)) depth.set(child, (depth.get(o) ?? 0) + 1);
  return all
    .map((o, i) => ({ o, i, d: depth.get(o) ?? 0 }))
    .sort((a, b) => b.d - a.d || a.i - b.i)
    .map((x) => x.o);
}

/** A next link as a URL or `{href}`; null when the service says there is none. */
function nextLink(o: Node): string | null | undefined {
  const links = nested(o, ['links']);
  for (const [holder, names] of [...(links ? [[links, ['next']] as const] : []), [o, NEXT_LINK] as const]) {
    for (const name of names) {
      const v = first(holder, [name], (x) => (x === undefined ? undefined : { x }))?.x;
      if (v === undefined) continue;
      if (v === null || v === false || v === '') return null;
      const url = text(v, 2048) ?? (isNode(v) ? (first(v, ['href', 'url'], text) ?? undefined) : undefined);
      if (url !== undefined && num(url) === undefined) return url;
    }
  }
  return undefined;
}

function pageInLink(url: string): number | undefined {
  let words = url;
  try {
    words = decodeURIComponent(url);
  } catch {
    // A lone `%` (the service's search words): the page number is read from the link as written.
  }
  const m = /[?&](?:page|page\[number\])=(\d+)/.exec(words);
  return m ? Number(m[1]) : undefined;
}

/** `next_page: 3`, or null on the last page; a next cursor says whether there is one. */
function nextPageOf(o: Node): number | null | undefined {
  const page = first(o, ['next_page'], (v) => (v === null ? { v: null } : count(v) !== undefined ? { v: count(v)! } : undefined));
  if (page) return page.v;
  const cursor = first(o, NEXT_CURSOR, (v) => (v === null || v === '' ? { v: null } : text(v) !== undefined ? { v: 0 } : undefined));
  return cursor ? (cursor.v === null ? null : Number.NaN) : undefined;
}

/** Pagination of a list answer whose page holds `kept` records. */
export function readPage(body: unknown, kept: number, asked: Asked = {}): PageInfo {
  const srcs = holders(body);
  const pick = <T>(names: string[], f: (v: unknown) => T | undefined): T | undefined => {
    for (const o of srcs) {
      const v = first(o, names, f);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const page = pick(PAGE, count);
  const perPage = pick(PER_PAGE, count);
  const total = pick(TOTAL, count);
  // Not given, the last page is the total over the page's size, when both are.
  const lastPage = pick(LAST, count) ?? (total !== undefined && perPage ? Math.max(1, Math.ceil(total / perPage)) : undefined);
  const more = pick(MORE, bool);
  let link: string | null | undefined;
  for (const o of srcs) if ((link = nextLink(o)) !== undefined) break;
  let next: number | null | undefined;
  for (const o of srcs) if ((next = nextPageOf(o)) !== undefined) break;

  const current = page ?? asked.page ?? 1;
  const size = perPage ?? asked.perPage;
  let hasNext: boolean;
  let basis: PageInfo['basis'] = 'metadata';
  if (more !== undefined) hasNext = more;
  else if (next !== undefined) hasNext = next !== null;
  else if (link !== undefined) hasNext = link !== null;
  else if (lastPage !== undefined) hasNext = current < lastPage;
  else if (total !== undefined && size) hasNext = current * size < total;
  else if (total !== undefined && page === undefined && asked.page === undefined) hasNext = kept < total;
  else if (size) {
    hasNext = kept >= size;
    basis = 'page-full';
  } else {
    hasNext = false;
    basis = 'none';
  }
  // An empty page ends the list whatever the metadata says (no asking for pages forever).
  if (kept === 0) hasNext = false;
  const numbered = next !== null && next !== undefined && !Number.isNaN(next) ? next : undefined;
  const nextPage = hasNext ? (numbered ?? (link ? pageInLink(link) : undefined) ?? current + 1) : undefined;
  const info: PageInfo = { page: current, hasNext, basis };
  if (size !== undefined) info.perPage = size;
  if (total !== undefined) info.total = total;
  if (lastPage !== undefined) info.lastPage = lastPage;
  if (nextPage !== undefined) info.nextPage = nextPage;
  return info;
}
