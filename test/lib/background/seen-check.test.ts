// A validation is sent on the email or letter the person saw (issue 51, item 2): the to-validate list
// is read once before the write goes, and a record changed since is not approved unseen. On the fake clock.
import { describe, expect, it } from 'vitest';
import { readEmailsToValidate } from '../../../lib/api/readers/emails';
import { readLetterList } from '../../../lib/api/readers/letters';
import { outboxView } from '../../../lib/outbox/store';
import { emailSeen, letterSeen } from '../../../lib/views/seen';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { fakeClock, settle } from '../../helpers/fake-clock';
import { DEMO_KEY } from '../../sandbox/seed';

async function ready() {
  fakeClock();
  const wired = controllerWithSandbox();
  await configure();
  const account = wired.sandbox.accounts.get(DEMO_KEY)!;
  const book = account.book;
  /** What the view showed: the list as the page reads it. */
  const shown = async () => {
    const emails = await wired.ask({ type: 'viewRead', call: { name: 'emailsToValidate', query: { per_page: 100 } } });
    const letters = await wired.ask({ type: 'viewRead', call: { name: 'lettersToValidate', query: { per_page: 100 } } });
    if (!emails.ok || !letters.ok) throw new Error('the lists were not read');
    // Of an agent at work: a paused agent's records are refused whatever was seen.
    const active = (agent?: string) => account.agents.find((a) => a.id === agent)?.status === 'active';
    return {
      email: readEmailsToValidate(emails.data).emails.find((e) => active(e.agentId))!,
      letter: readLetterList(letters.data).letters.find((l) => active(l.agentId))!,
    };
  };
  const seen = await shown();
  const contact = book.contacts.find((c) => c.id === seen.email.leadId)!;
  const letter = book.letters.find((l) => l.id === seen.letter.id)!;
  const before = wired.sandbox.log.length;
  const requests = () => wired.sandbox.log.slice(before).map((l) => l.route);
  const validateEmail = () =>
    settle(
      wired.ask({
        type: 'viewWrite',
        item: `email:${contact.id}`,
        call: { name: 'validateEmail', params: { leadId: contact.id } },
        seen: emailSeen(seen.email),
      }),
    );
  const validateLetter = () =>
    settle(
      wired.ask({
        type: 'viewWrite',
        item: `letter:${letter.id}`,
        call: { name: 'validateLetter', params: { letterId: letter.id } },
        seen: letterSeen(seen.letter),
      }),
    );
  return { ...wired, contact, letter, requests, validateEmail, validateLetter };
}

describe('a validation sent on what the person saw', () => {
  it('an email unchanged since it was shown is validated after one read of the to-validate list', async () => {
    const { contact, requests, validateEmail } = await ready();
    expect(await validateEmail()).toMatchObject({ ok: true, data: { state: 'saved' } });
    expect(requests()).toEqual(['emailsToValidate', 'validateEmail']);
    expect(contact.decision?.kind).toBe('validated');
  });

  it('an email whose step changed elsewhere since it was shown is refused (seen-changed) and nothing is sent', async () => {
    const { contact, requests, validateEmail } = await ready();
    const [key] = Object.keys(contact.draft!.messages);
    contact.draft!.messages[key!] = 'A text rewritten from another browser';
    expect(await validateEmail()).toMatchObject({ ok: false, error: { kind: 'seen-changed' } });
    expect(requests()).toEqual(['emailsToValidate']);
    expect(contact.decision).toBeFalsy();
    // Kept refused on its item, so the view says it; a new decision on the item puts it away.
    expect((await outboxView.getValue()).dead).toMatchObject([{ actionId: `view:email:${contact.id}`, error: { kind: 'seen-changed' } }]);
  });

  it('a letter whose block changed elsewhere since it was shown is refused and nothing is sent; unchanged, it is sent', async () => {
    const { letter, requests, validateLetter } = await ready();
    const was = letter.blocks[0]!.content;
    letter.blocks[0]!.content = 'Another paragraph, saved elsewhere';
    expect(await validateLetter()).toMatchObject({ ok: false, error: { kind: 'seen-changed' } });
    expect(requests()).toEqual(['lettersToValidate']);
    expect(letter.decision).toBeFalsy();
    letter.blocks[0]!.content = was;
    expect(await validateLetter()).toMatchObject({ ok: true, data: { state: 'saved' } });
    expect(requests()).toEqual(['lettersToValidate', 'lettersToValidate', 'validateLetter']);
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('an email the to-validate list no longer shows is sent as it is: the service judges', async () => {
    const { contact, requests, validateEmail } = await ready();
    contact.status = 'contact';
    await validateEmail();
    expect(requests()).toEqual(['emailsToValidate', 'validateEmail']);
  });

  it('a rejection, which does not depend on the texts, is sent without the read', async () => {
    const { ask, contact, requests } = await ready();
    await settle(ask({ type: 'viewWrite', item: `email:${contact.id}`, call: { name: 'rejectEmail', params: { leadId: contact.id } } }));
    expect(requests()).toEqual(['rejectEmail']);
  });
});
