// The connection check's classification (issue 37): from the readers' output, never from a list of shapes.
import { describe, expect, it } from 'vitest';
import { checkAnswer, type OpResult, rowMissing, rowState, shapesText } from '../../../lib/views/connection-check';

const contact = (extra: Record<string, unknown>) => ({ id: 'ld_1', status: 'new', linkedin_url: 'https://www.linkedin.com/in/ann', ...extra });

describe('checkAnswer', () => {
  it('is readable when every field a view shows is found in some record', () => {
    const body = { data: [contact({ name: 'Ann Lee', company: 'Acme' }), contact({ id: 'ld_2' })] };
    expect(checkAnswer('listContacts', body)).toMatchObject({ state: 'readable', records: 2, missing: [] });
  });

  it('is partly readable, naming the fields found in no record, when the rules place the records but not those fields', () => {
    const body = { data: [contact({ id: 'ld_1', field_a: 'Ann Lee', field_b: 'Acme' }), contact({ id: 'ld_2' })] };
    expect(checkAnswer('listContacts', body)).toMatchObject({ state: 'partial', records: 2, missing: ['name', 'company'] });
  });

  it('is not readable when the reader cannot place the records, with its words and the shape', () => {
    const result = checkAnswer('listContacts', { weird: { things: [1, 2] } });
    expect(result).toMatchObject({ state: 'unreadable', detail: expect.stringContaining('listContacts') });
    expect(result).toHaveProperty('shape', 'object\n  weird: object\n    things: list (2) of number');
  });

  it('names no field missing in an empty list (nothing to tell)', () => {
    expect(checkAnswer('listContacts', { data: [] })).toMatchObject({ state: 'readable', records: 0, missing: [] });
  });
});

describe('a row of the table', () => {
  const partial: OpResult = { state: 'partial', records: 1, missing: ['subject'], shape: '' };
  const readable = { state: 'readable' as const, records: 1, missing: [], shape: '' };
  it('is the worst of its operations, pending while one is not read', () => {
    expect(rowState(['listEmails', 'emailsToHandle'], { listEmails: readable })).toBe('pending');
    expect(rowState(['listEmails', 'emailsToHandle'], { listEmails: readable, emailsToHandle: partial })).toBe('partial');
    expect(rowState(['listEmails', 'emailsToHandle'], { listEmails: { state: 'unreadable', detail: '', shape: '' }, emailsToHandle: partial })).toBe(
      'unreadable',
    );
    expect(rowState(['calendarEvents'], { calendarEvents: { state: 'skipped' } })).toBe('skipped');
    expect(rowState(['listEmails'], { listEmails: { state: 'failed', error: { kind: 'server', message: '' } } })).toBe('failed');
  });

  it('names the fields not found with their operation, and copies every shape with its operation', () => {
    expect(rowMissing(['listEmails', 'emailsToHandle'], { listEmails: readable, emailsToHandle: partial })).toEqual(['emailsToHandle: subject']);
    expect(shapesText({ listEmails: { ...readable, shape: 'object' }, account: { ...readable, shape: 'list (0)' } })).toBe(
      'account\nlist (0)\n\nlistEmails\nobject',
    );
  });
});

describe('every part judged (issue 49)', () => {
  it('tells records without an identifier: partly readable with some, not readable with none', () => {
    const some = { data: [contact({ name: 'Ann Lee', company: 'Acme' }), { status: 'new', nom: 'Tom' }] };
    expect(checkAnswer('listContacts', some)).toMatchObject({ state: 'partial', records: 1, missing: ['id (1 of 2)'] });
    const none = { data: [{ status: 'new', nom: 'Tom' }] };
    expect(checkAnswer('listContacts', none)).toMatchObject({ state: 'unreadable' });
  });

  it('judges the parts read for an agent as not read when no agent of the account could be read, skipped only for an account without agents', async () => {
    const { continueCheck } = await import('../../../lib/views/connection-check');
    const answers: Record<string, unknown> = { account: { user: { email: 'a@b.co' }, agents: [{ status: 'active', nom: 'Salons' }] } };
    const run = async () => {
      let results: Record<string, OpResult> = {};
      await continueCheck(
        { results: {} },
        async (name) => answers[name] ?? { data: [] },
        (e) => ({ kind: 'internal', message: String(e) }),
        (s) => {
          results = s.results as Record<string, OpResult>;
        },
      );
      return results;
    };
    const results = await run();
    expect(results.calendarEvents).toMatchObject({ state: 'unreadable' });
    expect(results.agentSettings).toMatchObject({ state: 'unreadable' });
    expect(rowState(['calendarEvents'], results)).toBe('unreadable');

    answers.account = { user: { email: 'a@b.co' }, agents: [] };
    expect((await run()).calendarEvents).toEqual({ state: 'skipped' });
  });
});
