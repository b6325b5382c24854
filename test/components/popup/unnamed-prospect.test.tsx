// @vitest-environment happy-dom
// Never a blank view (issue 37, item 3): an invitation whose prospect's name the rules cannot place
// is still counted on the badge and listed in the popup, under its profile address or its id.
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readActionList } from '../../../lib/api/reader';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { renderPopup } from '../../helpers/popup';

afterEach(cleanup);

/** Ready actions with no name, no note, no flat agent: the profile under `profile_url` (camelCase too), an agent nested, or nothing but the agent. */
const NAMELESS = {
  success: true,
  data: [
    { id: 'ac_1', status: 'ready', profile_url: 'https://www.linkedin.com/in/jane-doe', agent: { id: 'ag_x', name: 'Salon' } },
    { id: 'ac_2', status: 'ready', profileUrl: 'https://www.linkedin.com/in/tom-roe/', createdAt: '2026-11-20T10:00:00Z' },
    { id: 'ac_3', status: 'ready', campaign: { id: 'ag_x' } },
  ],
};

describe('ready invitations whose prospect has no name', () => {
  it('are read, each with its profile address when there is one', () => {
    const { actions, skipped } = readActionList(NAMELESS, 25);
    expect(actions.map((a) => [a.id, a.prospect.name, a.prospect.profileUrl])).toEqual([
      ['ac_1', undefined, 'https://www.linkedin.com/in/jane-doe'],
      ['ac_2', undefined, 'https://www.linkedin.com/in/tom-roe/'],
      ['ac_3', undefined, undefined],
    ]);
    expect(skipped).toBe(0);
  });

  it.each([
    ['en', '3 invitations ready', 'Ready invitations'],
    ['fr', '3 invitations prêtes', 'Invitations prêtes'],
  ])('are counted on the badge and listed in the popup under the profile address or the id (%s)', async (lang, count, list) => {
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    const wired = sandboxBackend();
    await configure();
    wired.fetchSpy.mockImplementation(async (input, init) =>
      /\/network\/actions\?/.test(String(input)) && /status=ready/.test(String(input)) ? Response.json(NAMELESS) : wired.sandbox.fetch(input, init),
    );
    await wired.controller.poll();
    expect(wired.badges.at(-1)?.text).toBe('3');
    await renderPopup(wired);
    await screen.findByText(count);
    const rows = within(screen.getByRole('list', { name: list })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.row-name')?.textContent)).toEqual(
      expect.arrayContaining(['linkedin.com/in/jane-doe', 'linkedin.com/in/tom-roe', 'ac_3']),
    );
    expect(rows).toHaveLength(3);
  });
});
