// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestFailed } from '../../../lib/messaging/ask';
import { accountItem, actionsItem, DEFAULT_SETTINGS, noteDraftsItem, settingsItem, weeklyStatsItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { sandboxBackend } from '../../helpers/backend';
import { renderPopup } from '../../helpers/popup';
import { configure } from '../../helpers/controller';
import { fakeClock, pass } from '../../helpers/fake-clock';

// The outbox's spacing and every wait on a fake clock, which Testing Library's waitFor moves.
beforeEach(fakeClock);
afterEach(cleanup);

/** The popup of a configured extension whose ready list has been fetched. */
async function popupWithReadyList() {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  await renderPopup(wired);
  // Every row painted, the paused agents' invitations in their own waiting lists included.
  const stored = (await actionsItem.getValue())!.actions.length;
  await waitFor(() => expect(queueRows()).toHaveLength(stored));
  return wired;
}

/** Every invitation's row: the ready list's, then the lists of those waiting for their agent. */
const queueRows = () => screen.queryAllByRole('listitem').filter((li) => li.parentElement?.classList.contains('queue'));

/** The popup over a list fetched earlier, the service now unreachable. */
async function popupOffline() {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  wired.platform.fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  await renderPopup(wired);
  return wired;
}

/** The queue's row of this prospect. */
function item(name: string) {
  return screen.getByText(name, { selector: '.row-name' }).closest('li') as HTMLElement;
}

/** The row of this prospect, expanded to edit and act, as a person clicks it open. */
function open(name: string) {
  const row = within(item(name));
  const toggle = row.getAllByRole('button')[0]!;
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  return within(item(name));
}

const gone = (name: string) => screen.queryByText(name, { selector: '.row-name' }) === null;

describe('popup', () => {
  it('paints the stored list before the refresh answers', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const stored = (await actionsItem.getValue())!.actions.length;
    wired.platform.fetch = () => new Promise(() => {});
    await renderPopup(wired);
    // The paused agent's invitations are listed apart, as waiting for it, but none is left out.
    await waitFor(() => expect(queueRows()).toHaveLength(stored));
    expect(screen.getAllByRole('list', { name: /waits? for .* to resume/ }).length).toBeGreaterThan(0);
    // The count is the badge's: those of the paused agent said apart, with its name.
    const paused = (await accountItem.getValue())!.account.agents.find((a) => a.status === 'paused')!;
    const apart = (await actionsItem.getValue())!.actions.filter((a) => a.agentId === paused.id).length;
    expect(apart).toBeGreaterThan(0);
    expect(screen.getByText(`${stored - apart} invitations ready · ${apart} wait for ${paused.name} to resume`)).toBeTruthy();
  });

  it('renders a first screenful of rows at once and the others in a task after the first frame', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const stored = (await actionsItem.getValue())!.actions.length;
    expect(stored).toBeGreaterThan(8);
    await renderPopup(wired);
    const rows = () => within(screen.getByRole('list', { name: 'Ready invitations' })).getAllByRole('listitem');
    expect(rows()).toHaveLength(8);
    await waitFor(() => expect(queueRows()).toHaveLength(stored));
    expect(rows().length).toBeLessThan(stored);
  });

  it('shows the prospect, their headline and company, the agent and the note', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await wired.ask({ type: 'verifyKey' });
    await renderPopup(wired);
    const row = within(item('Camille Lefèvre'));
    expect(row.getByText('Directrice commerciale · Nuageo')).toBeTruthy();
    expect(row.getByText('Prospection SaaS France')).toBeTruthy();
    expect(row.getByText(/^Bonjour Camille/, { selector: '.row-note' })).toBeTruthy();
    expect(row.queryByRole('textbox', { name: 'Note' })).toBeNull();
    const camille = open('Camille Lefèvre');
    expect((camille.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toMatch(/^Bonjour Camille/);
  });

  it('counts the note live, stops at 200 and saves it', async () => {
    const wired = await popupWithReadyList();
    const li = open('Julien Moreau');
    const note = li.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    fireEvent.input(note, { target: { value: 'é'.repeat(230) } });
    expect(note.value).toHaveLength(200);
    expect(li.getByText('200 / 200 characters')).toBeTruthy();
    fireEvent.input(note, { target: { value: 'Salut Julien' } });
    expect(li.getByText('12 / 200 characters')).toBeTruthy();
    fireEvent.click(li.getByRole('button', { name: 'Save note' }));
    await li.findByText('Note saved.');
    const id = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Julien Moreau')!.id;
    expect(wired.sandbox.action(id)?.message).toBe('Salut Julien');
  });

  it('keeps a note typed and not saved when the popup closes, shows it on reopening, and forgets it once saved', async () => {
    const wired = await popupWithReadyList();
    fireEvent.input(open('Julien Moreau').getByRole('textbox', { name: 'Note' }), { target: { value: 'Salut Julien, à bientôt' } });
    await waitFor(async () => expect(Object.values(await noteDraftsItem.getValue())).toEqual(['Salut Julien, à bientôt']));
    cleanup();
    await renderPopup(wired);
    const li = open('Julien Moreau');
    await waitFor(() => expect((li.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Salut Julien, à bientôt'));
    fireEvent.click(li.getByRole('button', { name: 'Save note' }));
    await li.findByText('Note saved.');
    expect(await noteDraftsItem.getValue()).toEqual({});
  });

  it('shows "This profile" only when the tab shows a profile of the network', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    wired.platform.tab = { url: 'https://www.linkedin.com/feed/', title: 'Feed | LinkedIn' };
    await renderPopup(wired);
    await screen.findByRole('list', { name: 'Ready invitations' });
    await pass(50);
    expect(screen.queryByRole('region', { name: /This profile/ })).toBeNull();
    cleanup();
    wired.platform.tab = { url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1/', title: 'Jeanne Durand | LinkedIn' };
    await renderPopup(wired);
    expect(await screen.findByRole('region', { name: /This profile: Jeanne Durand/ })).toBeTruthy();
  });

  it("shows the service's answer when the agent is paused", async () => {
    await popupWithReadyList();
    const li = open('Élodie Garnier');
    fireEvent.input(li.getByRole('textbox', { name: 'Note' }), { target: { value: 'Bonjour' } });
    fireEvent.click(li.getByRole('button', { name: 'Save note' }));
    expect((await li.findByText(/agent is paused/)).textContent).toMatch(/Resume the agent/);
  });

  it('marks sent by hand, one level down: the row leaves and an undo toast says so', async () => {
    await popupWithReadyList();
    fireEvent.click(open('Sarah Chen').getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(gone('Sarah Chen')).toBe(true));
    expect(await screen.findByText('Marked sent: Sarah Chen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Undo/ })).toBeTruthy();
  });

  it('marks failed with a reason from the list and closes the form with Escape', async () => {
    const wired = await popupWithReadyList();
    const li = open('Marcus Johnson');
    const toggle = li.getByRole('button', { name: 'Mark failed' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(li.getByLabelText('Reason'), { key: 'Escape' });
    expect(li.queryByLabelText('Reason')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.change(li.getByLabelText('Reason'), { target: { value: 'not_relevant' } });
    fireEvent.click(li.getByRole('button', { name: 'Confirm failed' }));
    await waitFor(() => expect(gone('Marcus Johnson')).toBe(true));
    const id = [...wired.sandbox.accounts.values()][0]!.actions.find((a) => a.contact.firstname === 'Marcus')!.id;
    // Held for undo, then delivered by the outbox on its own.
    await wired.controller.deliver();
    expect((await outboxView.getValue()).entries.find((e) => e.actionId === id)?.body).toMatchObject({ metadata: { reason: 'not_relevant' } });
  });

  it('says when it is not set up and opens the settings', async () => {
    const wired = sandboxBackend();
    await renderPopup(wired);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/not set up/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(wired.backend.openOptions).toHaveBeenCalled();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the key was rejected', async () => {
    const wired = sandboxBackend();
    await configure('bad-key');
    await renderPopup(wired);
    // The first paint shows what storage held; the refresh's 401 then says why nothing is listed.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/rejected the API key/));
  });

  it('says offline and keeps showing the last list', async () => {
    await popupOffline();
    await screen.findByText(/Offline\. Showing the list as of/);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('says when no invitation is ready', async () => {
    const wired = sandboxBackend();
    for (const a of [...wired.sandbox.accounts.values()][0]!.actions) a.status = 'sent';
    await configure();
    await renderPopup(wired);
    await screen.findByText(/No invitation is ready/);
  });

  it('filters by agent through the settings', async () => {
    const wired = await popupWithReadyList();
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: 'ag_R4tVw8ZbNe' } });
    await waitFor(async () => expect((await settingsItem.getValue()).agentFilter).toBe('ag_R4tVw8ZbNe'));
    await waitFor(async () => {
      const ids = (await actionsItem.getValue())!.actions.map((a) => wired.sandbox.action(a.id)!.agent_id);
      expect(new Set(ids)).toEqual(new Set(['ag_R4tVw8ZbNe']));
    });
    expect(DEFAULT_SETTINGS.agentFilter).toBeNull();
  });
});

describe('popup: writes the service did not take', () => {
  /** A note for the paused agent's invitation: the service refuses it, and it waits in the popup. */
  async function refusedNote() {
    const wired = await popupWithReadyList();
    const li = open('Élodie Garnier');
    fireEvent.input(li.getByRole('textbox', { name: 'Note' }), { target: { value: 'Bonjour' } });
    fireEvent.click(li.getByRole('button', { name: 'Save note' }));
    const region = await screen.findByRole('region', { name: 'Changes waiting for the service' });
    await within(region).findByText(/^Note for Élodie Garnier( \(.*\))?$/);
    return { wired, region };
  }

  it('lists a refused note with its reason, and discards it on request', async () => {
    const { region } = await refusedNote();
    expect(within(region).getByText(/agent is paused/)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes waiting for the service' })).toBeNull());
  });

  it('says so when discarding fails, and keeps the entry', async () => {
    const { wired, region } = await refusedNote();
    const ask = wired.backend.ask;
    wired.backend.ask = ((request: { type: string }) =>
      request.type === 'discardWrite' ? Promise.reject(new RequestFailed({ kind: 'network', message: 'gone' })) : ask(request as never)) as typeof ask;
    fireEvent.click(within(region).getByRole('button', { name: 'Discard' }));
    expect((await within(region).findByRole('alert')).textContent).toMatch(/cannot be reached/);
    expect(within(region).getByText(/^Note for Élodie Garnier( \(.*\))?$/)).toBeTruthy();
  });

  it('shows a mark held for a paused agent on its row as waiting for that agent, not as lost or refused', async () => {
    const wired = await popupWithReadyList();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Élodie Garnier')!;
    const agent = (await accountItem.getValue())!.account.agents.find((a) => a.id === action.agentId)!;
    expect(agent.status).toBe('paused');
    expect(await wired.ask({ type: 'markSent', actionId: action.id })).toMatchObject({ ok: true, data: { state: 'queued', waitingFor: 'agent' } });
    expect(await within(item('Élodie Garnier')).findByText('Marked sent, waiting to reach the service')).toBeTruthy();
    const row = open('Élodie Garnier');
    expect(row.getByRole('status').textContent).toBe(
      `Marked. The agent “${agent.name}” is paused: the service will record it when the agent is active again. Nothing is lost.`,
    );
    expect(row.queryByRole('button', { name: 'Mark sent' })).toBeNull();
    // Counted as waiting, not listed as refused (nothing to discard).
    expect(screen.getByText('1 change waiting to be sent.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('says a mark is queued when the service cannot be reached, keeps the invitation listed, and offers no second Mark sent', async () => {
    const wired = await popupOffline();
    await wired.ask({ type: 'markSent', actionId: (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Sarah Chen')!.id });
    expect(await within(item('Sarah Chen')).findByText('Marked sent, waiting to reach the service')).toBeTruthy();
    const row = open('Sarah Chen');
    expect(row.queryByRole('button', { name: 'Mark sent' })).toBeNull();
    expect(screen.getByText('1 change waiting to be sent.')).toBeTruthy();
  });
});

describe('the weekly figure in the header', () => {
  it("says the service's figure is not read yet instead of showing zero, then shows it once read", async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await weeklyStatsItem.setValue(null);
    // The popup's own read of the figure fails: nothing is known of it.
    const fetch = wired.platform.fetch;
    wired.platform.fetch = async (input, init) =>
      String(input).endsWith('/weekly-stats') ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
    await renderPopup(wired);
    await screen.findByText(/not read yet \(cap 100\)/);
    expect(screen.queryByText(/^0 of 100 invitations/)).toBeNull();
    await weeklyStatsItem.setValue({ stats: { total: 6, days: [], agents: [], figures: {} }, fetchedAt: Date.now() });
    await screen.findByText('6 of 100 invitations sent in the last 7 days');
  });
});
