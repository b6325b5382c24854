import { describe, expect, it } from 'vitest';
import { normalized, type Node } from '../../../../lib/api/body/fold';
import { figures, partOf, personName } from '../../../../lib/api/readers/fields';

const node = (o: object) => normalized(o) as Node;

describe('what several readers read alike', () => {
  it('collects numbers by path, two levels deep, without ids or the indicator', () => {
    expect(figures(node({ success: 1, agent_id: 3, a: 1, b: { c: 2, d: { e: 3 } }, s: 'x' }))).toEqual({ a: 1, 'b.c': 2 });
  });

  it('keys figures in snake_case however they are written, reads numeric strings, and never takes a time for a figure', () => {
    expect(figures(node({ emailsSent: '12', ReplyRate: 33.3, from: 1740823200, lastTriggeredAt: 1740823200, Letters: { DELIVERED: 2 } }))).toEqual({
      emails_sent: 12,
      reply_rate: 33.3,
      'letters.delivered': 2,
    });
  });

  it('reads a name whole or from its parts, in any spelling', () => {
    expect(personName(node({ FirstName: 'Léa', LAST_NAME: 'Roux' }))).toBe('Léa Roux');
    expect(personName(node({ fullName: 'Léa Roux', firstname: 'L' }))).toBe('Léa Roux');
  });

  it("finds a record's part at the record or one object down, never in the person", () => {
    expect(partOf(node({ blocks: [1] }), ['blocks'])).toEqual([1]);
    expect(partOf(node({ content: { Blocks: [2] } }), ['blocks'])).toEqual([2]);
    expect(partOf(node({ lead: { blocks: [3] } }), ['blocks'])).toBeUndefined();
  });
});
