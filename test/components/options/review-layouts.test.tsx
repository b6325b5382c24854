// @vitest-environment happy-dom
// The three review layouts (emails to validate, letters to validate, replies to handle) against
// each response shape the sandbox can answer in (test/sandbox/shapes.ts).
import { cleanup, configure as configureDom, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewCache } from '../../../components/options/use-view-data';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import type { ResponseShape } from '../../sandbox/shapes';

// Several decisions go through the outbox one after the other: more than the default second under load.
configureDom({ asyncUtilTimeout: 5000 });
afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function openView(hash: string, shape: ResponseShape | undefined) {
  const wired = sandboxBackend();
  wired.sandbox.faults = shape ? { shape } : {};
  await configure();
  await renderOptionsAt(wired, hash);
  return wired;
}

const book = (wired: ReturnType<typeof sandboxBackend>) => wired.sandbox.accounts.get(DEMO_KEY)!.book;
const item = async (name: RegExp) => (await screen.findByRole('listitem', { name })) as HTMLElement;

describe.each([undefined, 'nested', 'follow-ups'] as const)('review layouts, %s shape', (shape) => {
  it('shows every step of an email in order, subject and line breaks, recipient and agent, without Edit', async () => {
    const wired = await openView('#emails', shape);
    const row = await item(/^Léon Marchal/);
    const lead = book(wired).contacts.find((c) => c.id === 'ld_leonMrc1')!;
    const steps = within(row).getAllByText(/^Step \d of 2$/);
    expect(steps).toHaveLength(2);
    expect(within(row).getByText(lead.draft!.subject)).toBeTruthy();
    const bodies = [...row.querySelectorAll('.sequence .email-body')].map((p) => p.textContent);
    expect(bodies).toEqual([lead.draft!.messages.email_1, lead.draft!.messages.follow_up_1]);
    expect(bodies[0]).toContain('\n\n');
    expect(within(row).getByText('leon.marchal@finaxo.example')).toBeTruthy();
    expect(within(row).queryAllByRole('textbox')).toHaveLength(0);
    // A performance-plan agent's prospect: the address is masked, with the reason in one line.
    expect(within(await item(/^Kevin/)).getByText(/^Masked until a first email, invitation or letter/)).toBeTruthy();
  });

  it('edits step 2 in place, marks it changed, and validating sends both steps', async () => {
    const wired = await openView('#emails', shape);
    const row = await item(/^Léon Marchal/);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(row).getByRole('textbox', { name: 'Text of step 2' }), { target: { value: `Une relance revue (${shape}).\nMerci.` } });
    expect(within(row).getAllByText('Changed')).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Validate with my changes' }));
    // The decision is recorded (its undo offered) before the test ends: nothing runs on into the next.
    await screen.findByText(/^Validated\. You can undo it for 60 min\.$/);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Léon Marchal/ })).toBeNull());
    expect(book(wired).contacts.find((c) => c.id === 'ld_leonMrc1')?.decision?.kind).toBe('validated');
    const draft = book(wired).contacts.find((c) => c.id === 'ld_leonMrc1')!.draft!;
    expect(draft.messages.follow_up_1).toBe(`Une relance revue (${shape}).\nMerci.`);
    expect(draft.messages.email_1).toMatch(/^Bonjour Léon,\n\n/);
  });

  it('cancel restores the original text', async () => {
    await openView('#emails', shape);
    const row = await item(/^Léon Marchal/);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(row).getByRole('textbox', { name: 'Text of step 1' }), { target: { value: 'Autre' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel my changes' }));
    expect(within(row).queryByText('Changed')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Validate' })).toBeTruthy();
    expect(row.querySelector('.sequence .email-body')?.textContent).toMatch(/^Bonjour Léon/);
  });

  it('previews a letter as a page: its address block, then its blocks in order', async () => {
    const wired = await openView('#letters', shape);
    const letter = book(wired).letters.find((l) => l.id === 'lt_val04')!;
    const row = await item(new RegExp(`^${letter.address.firstname} ${letter.address.lastname}`));
    const paper = row.querySelector('.letter-paper') as HTMLElement;
    expect(paper.querySelector('.letter-address')?.textContent).toContain(letter.address.city);
    expect([...paper.querySelectorAll('.letter-block')].map((b) => b.textContent)).toEqual(letter.blocks.map((b) => b.content));
    expect(within(row).queryAllByRole('textbox')).toHaveLength(0);
  });

  it('shows a received email beside its proposed reply, and the cc rule in one line', async () => {
    const wired = await openView('#emails', shape);
    fireEvent.click(screen.getByRole('button', { name: 'Replies to handle' }));
    const waiting = book(wired).emails.find((e) => e.direction === 'inbound' && e.lead_id && !e.handled && e.ai_reply)!;
    const received = (await screen.findAllByRole('article', { name: 'Email received' })).find((r) => r.textContent?.includes(waiting.subject))!;
    const row = received.closest('li') as HTMLElement;
    expect(within(received).getByText(waiting.from)).toBeTruthy();
    expect(received.querySelector('.email-body')?.textContent).toBe(waiting.content);
    expect(within(row).getByRole('article', { name: 'Proposed reply' }).querySelector('.email-body')?.textContent).toBe(waiting.ai_reply);
    expect(within(row).getByText(/^The copy counts only when the email is won/)).toBeTruthy();
  });
});

describe('triage by keyboard', () => {
  const key = (el: Element, k: string) => fireEvent.keyDown(el, { key: k });
  const focused = () => document.activeElement as HTMLElement;

  it('moves with j/k and arrows, decides with v and r, focus goes to the next item, u takes the newest decision back', async () => {
    const wired = await openView('#emails', undefined);
    const items = await screen.findAllByRole('listitem', { name: /·/ });
    const total = items.length;
    items[0]!.focus();
    key(focused(), 'j');
    expect(focused()).toBe(items[1]);
    expect(screen.getByText(new RegExp(`^2 of ${total}`))).toBeTruthy();
    key(focused(), 'ArrowDown');
    key(focused(), 'k');
    expect(focused()).toBe(items[1]);
    const first = focused().getAttribute('aria-label')!;
    key(focused(), 'v');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: first })).toBeNull());
    await waitFor(() => expect(focused().getAttribute('aria-label')).toBe(items[2]!.getAttribute('aria-label')));
    await screen.findByText(new RegExp(`^Decided: ${first}\\. ${total - 1} left`));
    const second = focused().getAttribute('aria-label')!;
    key(focused(), 'r');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: second })).toBeNull());
    await screen.findByText(/^Rejected\. You can undo it for 60 min\.$/);
    const secondId = book(wired).contacts.find((c) => second.startsWith(`${c.firstname} ${c.lastname}`))!.id;
    expect(book(wired).contacts.find((c) => c.id === secondId)?.decision?.kind).toBe('rejected');
    key(focused(), 'u');
    await waitFor(() => expect(book(wired).contacts.find((c) => c.id === secondId)?.decision?.kind).toBe('validated'));
    await waitFor(() => expect(screen.getAllByText(/^Validated\. You can undo it for \d+ min\.$/)).toHaveLength(2));
  });

  it('leaves keys typed in a text box to it, and Escape returns to the item', async () => {
    await openView('#emails', undefined);
    const row = await item(/^Léon Marchal/);
    row.focus();
    key(row, 'e');
    const box = within(row).getByRole('textbox', { name: 'Text of step 1' });
    await waitFor(() => expect(focused()).toBe(box));
    key(box, 'v');
    key(box, 'j');
    expect(focused()).toBe(box);
    expect(within(row).getByRole('button', { name: 'Validate' })).toBeTruthy();
    key(box, 'Escape');
    expect(focused()).toBe(row);
  });

  it('lists the keys with ?', async () => {
    await openView('#letters', undefined);
    const [first] = await screen.findAllByRole('listitem', { name: /·/ });
    first!.focus();
    key(first!, '?');
    expect(screen.getByText(/^u: take back the newest decision/)).toBeTruthy();
  });
});

describe('the work that waits', () => {
  it('the overview says what waits, each linking to its queue, which opens on its first item', async () => {
    const wired = await openView('#overview', undefined);
    const waiting = book(wired).contacts.filter((c) => c.status === 'validation' && c.draft && !c.decision).length;
    const emails = await screen.findByRole('link', { name: `${waiting} emails wait for your validation` });
    expect(emails.getAttribute('href')).toBe('#emails/to-validate');
    expect((await screen.findByRole('link', { name: /^\d+ replies wait for you to handle$/ })).getAttribute('href')).toBe('#emails/replies');
    expect((await screen.findByRole('link', { name: /^\d+ letters? waits? for your validation$/ })).getAttribute('href')).toBe('#letters/to-validate');
    // The week against the cap is a picture with its words, linking once to the Invitations view.
    expect(screen.getByRole('img', { name: /^Last 7 days: \d+ of your 100 invitations/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invitations per day and per agent' }).getAttribute('href')).toBe('#invitations');
    location.hash = '#emails/replies';
    await waitFor(() => expect((document.activeElement as HTMLElement).closest('[data-review-item]')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Replies to handle' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(document.activeElement as HTMLElement).getByRole('article', { name: 'Email received' })).toBeTruthy();
  });
});

describe("contacts' touchpoint marks", () => {
  it('are inline SVG icons named in words, with a legend, and no font character', async () => {
    await openView('#contacts', undefined);
    const marks = await screen.findAllByRole('img', { name: 'Email sent' });
    expect(marks[0]!.tagName.toLowerCase()).toBe('svg');
    expect(marks[0]!.querySelector('title')?.textContent).toBe('Email sent');
    expect(document.querySelector('.records')?.textContent).not.toMatch(/[✉↩➚↶▣📬]/u);
    const legend = screen.getByText('What the marks mean').closest('details') as HTMLElement;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['Email sent', 'Answered by email', 'Letter delivered', 'Letter returned', 'QR code scanned', 'Network invitation sent']);
    expect(legend.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(6);
  });
});
