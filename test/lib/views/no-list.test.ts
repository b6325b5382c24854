// What an answer had where no list was found (issue 37): its payload's members, never a value.
import { describe, expect, it } from 'vitest';
import { UnreadableError } from '../../../lib/api/body/unreadable';
import { noListIn } from '../../../lib/views/no-list';

const noList = new UnreadableError('listThings', '$.data', 'No list of things found', 'things');

describe('noListIn', () => {
  it('names the payload members that are names as written, with their types', () => {
    expect(noListIn(noList, { data: { total: 3, items_v2: { a: [] }, rows: [1, 2], at: '2025-03-01' } })).toEqual([
      { key: 'total', type: 'number' },
      { key: 'items_v2', type: 'object' },
      { key: 'rows', type: 'list', length: 2 },
      { key: 'at', type: 'time' },
    ]);
  });

  it('shows keys that look like values as one "(key)" member with their count, never as written', () => {
    const members = noListIn(noList, { data: { 'jean.dupont@example.com': [], total: 3, 'https://example.com/x': 'a' } });
    expect(members).toEqual([
      { key: '(key) ×2', type: 'list', length: 0 },
      { key: 'total', type: 'number' },
    ]);
  });

  it('takes no text over 64 characters for a time', () => {
    expect(noListIn(noList, { data: { at: `${' '.repeat(60)}2025-03-01` } })).toEqual([{ key: 'at', type: 'text' }]);
  });

  it('is undefined for any other failure', () => {
    expect(noListIn(new UnreadableError('op', '$', 'x'), { data: {} })).toBeUndefined();
  });
});
