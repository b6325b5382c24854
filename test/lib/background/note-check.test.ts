// A note is saved on the note its editor started from (issue 51, item 2): the service's note is read
// once before the write goes, and a note changed since is not overwritten. On the fake clock.
import { describe, expect, it } from 'vitest';
import { actionsItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { fakeClock, settle } from '../../helpers/fake-clock';

async function ready() {
  fakeClock();
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name)!;
  const log = () => wired.sandbox.log.map((l) => (l.route === 'listActions' ? `list ${new URLSearchParams(l.query).get('status')}` : l.route));
  const before = log().length;
  return { ...wired, action, requests: () => log().slice(before) };
}

const storedNote = async (id: string) => (await actionsItem.getValue())!.actions.find((a) => a.id === id)?.message;

describe('a note saved on the note its editor started from', () => {
  it('is sent after one read of the ready list when the service still holds that note', async () => {
    const { ask, sandbox, action, requests } = await ready();
    const reply = await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Bonjour Tomás', base: action.message }));
    expect(reply).toEqual({ ok: true, data: { state: 'saved' } });
    expect(requests()).toEqual(['list ready', 'updateMessage']);
    expect(sandbox.action(action.id)!.message).toBe('Bonjour Tomás');
  });

  it('is refused with both notes and nothing sent when another browser changed the note since; the stored list shows the service’s note', async () => {
    const { ask, sandbox, action, requests } = await ready();
    sandbox.action(action.id)!.message = 'Their note, saved from another browser';
    const reply = await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Mine', base: action.message }));
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'note-changed', notes: { mine: 'Mine', theirs: 'Their note, saved from another browser' } },
    });
    expect(requests()).toEqual(['list ready']);
    expect(sandbox.action(action.id)!.message).toBe('Their note, saved from another browser');
    expect(await storedNote(action.id)).toBe('Their note, saved from another browser');
    const [dead] = (await outboxView.getValue()).dead;
    expect(dead).toMatchObject({ actionId: action.id, person: { name: action.prospect.name }, error: { kind: 'note-changed' } });
  });

  it('Keep mine: sent with the service’s note as its base, and the refused write is put away', async () => {
    const { ask, sandbox, action, requests } = await ready();
    sandbox.action(action.id)!.message = 'Theirs';
    await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Mine', base: action.message }));
    const reply = await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Mine', base: 'Theirs' }));
    expect(reply).toEqual({ ok: true, data: { state: 'saved' } });
    expect(requests()).toEqual(['list ready', 'list ready', 'updateMessage']);
    expect(sandbox.action(action.id)!.message).toBe('Mine');
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('is sent as it is, the service judging, when the ready list does not show the invitation', async () => {
    const { ask, sandbox, action, requests } = await ready();
    sandbox.action(action.id)!.status = 'pending';
    sandbox.action(action.id)!.message = 'Theirs';
    await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Mine', base: action.message }));
    expect(requests().slice(0, 2)).toEqual(['list ready', 'updateMessage']);
  });

  it('a note stored without a base (an earlier version’s) is sent without the read', async () => {
    const { ask, action, requests } = await ready();
    await settle(ask({ type: 'saveNote', actionId: action.id, message: 'Mine' }));
    expect(requests()).toEqual(['updateMessage']);
  });
});
