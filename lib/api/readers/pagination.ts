// Where the next page is (spec 000: list pagination metadata not shown). Read from whichever the
// service gives: `pagination`, `meta` (or `meta.pagination`), `links.next`, `has_more`, `total`,
// `last_page`, a paginator's own fields; with none, "next" while a page is full.
import type { PageInfo } from '../schemas/common';
import { bool, first, isObj, num, str, type Obj } from './fields';

/** What the caller asked for: `per_page` decides what a full page is when nothing else says. */
export interface Asked {
  page?: number | undefined;
  perPage?: number | undefined;
}

const PAGE_KEYS = ['current_page', 'page', 'currentPage', 'page_number', 'pageNumber'];
const PER_PAGE_KEYS = ['per_page', 'perPage', 'page_size', 'pageSize', 'limit'];
const TOTAL_KEYS = ['total', 'total_count', 'totalCount', 'total_items', 'totalItems', 'total_results'];
const LAST_KEYS = ['last_page', 'lastPage', 'total_pages', 'totalPages', 'page_count', 'pageCount', 'pages'];
const MORE_KEYS = ['has_more', 'hasMore', 'has_next', 'hasNext', 'has_next_page', 'hasNextPage', 'more'];
const NEXT_KEYS = ['next_page_url', 'nextPageUrl', 'next_url', 'next'];
const NEXT_PAGE_KEYS = ['next_page', 'nextPage'];

/** The objects that may carry pagination, most specific first. */
function sources(body: Obj): Obj[] {
  const out: Obj[] = [];
  const add = (v: unknown) => {
    if (isObj(v) && !out.includes(v)) out.push(v);
  };
  for (const o of [body, isObj(body.data) ? body.data : undefined]) {
    if (!o) continue;
    add(o.pagination);
    add(isObj(o.meta) ? o.meta.pagination : undefined);
    add(o.meta);
    add(o.paging);
    add(o.page_info);
    add(o.pageInfo);
  }
  add(isObj(body.data) ? body.data : undefined);
  add(body);
  return out;
}

/** A next link as a URL or `{href}`; null when the service says there is none. */
function nextLink(o: Obj): string | null | undefined {
  const links = [o.links, o._links].find(isObj);
  for (const holder of links ? [links, o] : [o]) {
    for (const k of holder === o ? NEXT_KEYS : ['next']) {
      if (!(k in holder)) continue;
      const v = holder[k];
      if (v === null || v === false || v === '') return null;
      const url = str(v) ?? (isObj(v) ? (str(v.href) ?? str(v.url)) : undefined);
      if (url !== undefined && num(url) === undefined) return url;
    }
  }
  return undefined;
}

function pageInLink(url: string): number | undefined {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // A lone `%` (the service's search words): the page number is read from the link as written.
  }
  const m = /[?&](?:page|page\[number\])=(\d+)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** Pagination of a list response whose page holds `count` records. */
export function readPage(body: unknown, count: number, asked: Asked = {}): PageInfo {
  const srcs = isObj(body) ? sources(body) : [];
  const pick = <T>(keys: string[], f: (v: unknown) => T | undefined): T | undefined => {
    for (const o of srcs) {
      const v = first(o, keys, f);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const int = (v: unknown) => {
    const n = num(v);
    return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const page = pick(PAGE_KEYS, int);
  const perPage = pick(PER_PAGE_KEYS, int);
  const total = pick(TOTAL_KEYS, int);
  const lastPage = pick(LAST_KEYS, int);
  const more = pick(MORE_KEYS, bool);
  let link: string | null | undefined;
  for (const o of srcs) if ((link = nextLink(o)) !== undefined) break;
  // `next_page: 3`, or null on the last page.
  let next: number | null | undefined;
  for (const o of srcs) {
    const k = NEXT_PAGE_KEYS.find((key) => key in o && (o[key] === null || int(o[key]) !== undefined));
    if (k) {
      next = o[k] === null ? null : int(o[k]);
      break;
    }
  }

  const current = page ?? asked.page ?? 1;
  const size = perPage ?? asked.perPage;
  let hasNext: boolean;
  let basis: PageInfo['basis'] = 'metadata';
  if (more !== undefined) hasNext = more;
  else if (next !== undefined) hasNext = next !== null;
  else if (link !== undefined) hasNext = link !== null;
  else if (lastPage !== undefined) hasNext = current < lastPage;
  else if (total !== undefined && size) hasNext = current * size < total;
  else if (total !== undefined && page === undefined && asked.page === undefined) hasNext = count < total;
  else if (size) {
    hasNext = count >= size;
    basis = 'page-full';
  } else {
    hasNext = false;
    basis = 'none';
  }
  // An empty page ends the list whatever the metadata says (no asking for pages forever).
  if (count === 0) hasNext = false;
  const nextPage = hasNext ? (next ?? (link ? pageInLink(link) : undefined) ?? current + 1) : undefined;
  const info: PageInfo = { page: current, hasNext, basis };
  if (size !== undefined) info.perPage = size;
  if (total !== undefined) info.total = total;
  if (lastPage !== undefined) info.lastPage = lastPage;
  if (nextPage !== undefined) info.nextPage = nextPage;
  return info;
}
