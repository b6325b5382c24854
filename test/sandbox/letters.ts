// Letters (spec 000, ops 15 to 18, Letter transitions): lists with the `address` block masked under
// the masking rule; validate and reject, each reversible by the other for 60 minutes of sandbox time.
import type { Account } from './state';
import type { Letter } from './records';
import { GRACE_MS } from './records';
import { decisionJson, findContact, isMasked } from './contact-view';
import { agentFilter, assertWritable, fold, invalid, iso, mask, notFound, ok, oneOf, paginate, Problems, type Answer, type Call } from './rules';

export const LETTER_CATEGORIES = [
  'to_validate',
  'validated',
  'rejected',
  'error',
  'insufficient_funds',
  'in_preparation',
  'transiting',
  'delivered',
  'returned',
  'scanned',
  'not_scanned',
] as const;
type LetterCategory = (typeof LETTER_CATEGORIES)[number];

/** The one category a letter shows (`scanned` and `not_scanned` are filters over delivered ones). */
export function letterCategory(l: Letter): string {
  if (l.decision) return l.decision.kind;
  if (l.status === 'validating') return 'to_validate';
  if (l.status === 'error') return 'error';
  if (l.insufficient_funds) return 'insufficient_funds';
  if (l.status === 'generating' || l.status === 'printing' || l.status === 'sending') return 'in_preparation';
  return l.status;
}

function inLetterCategory(l: Letter, category: LetterCategory): boolean {
  if (category === 'scanned') return l.scanned_at !== null;
  if (category === 'not_scanned') return l.status === 'delivered' && l.scanned_at === null;
  if (category === 'delivered') return l.status === 'delivered';
  return letterCategory(l) === category;
}

function addressOf(account: Account, l: Letter): Letter['address'] {
  const lead = findContact(account, l.lead_id);
  if (!lead || !isMasked(account, lead)) return l.address;
  const m = (v: string | null) => (v === null ? null : mask(v));
  const a = l.address;
  return {
    firstname: mask(a.firstname),
    lastname: mask(a.lastname),
    company: m(a.company),
    line1: mask(a.line1),
    line2: m(a.line2),
    zip: mask(a.zip),
    city: mask(a.city),
    country: mask(a.country),
  };
}

function letterJson(account: Account, l: Letter) {
  const lead = findContact(account, l.lead_id);
  return {
    id: l.id,
    lead_id: l.lead_id,
    lead_identifier: lead?.identifier ?? null,
    agent_id: l.agent_id,
    agent_name: account.agents.find((a) => a.id === l.agent_id)?.name ?? null,
    status: l.status,
    category: letterCategory(l),
    qr_scanned: l.scanned_at !== null,
    prospect: lead ? { firstname: lead.firstname, lastname: lead.lastname, company: lead.company } : null,
    address: addressOf(account, l),
    blocks: l.blocks.map((b) => ({ ...b })),
    validation: decisionJson(l.decision),
    created_at: iso(l.created_at),
    updated_at: iso(l.updated_at),
    sent_at: iso(l.sent_at),
    delivered_at: iso(l.delivered_at),
    scanned_at: iso(l.scanned_at),
  };
}

function matches(account: Account, l: Letter, search: string): boolean {
  const lead = findContact(account, l.lead_id);
  const named = [lead?.firstname, lead?.lastname, lead?.company, lead?.identifier];
  // A masked address is never searched (spec 000, masking rule 4).
  const postal = lead && isMasked(account, lead) ? [] : [l.address.line1, l.address.zip, l.address.city];
  return fold([...named, ...postal].filter(Boolean).join(' ')).includes(search);
}

/** Op 15. With `agent_filter`, `lead_identifier` finds one letter precisely. */
export function listLetters({ account, query }: Call): Answer {
  const category = oneOf(query, 'category', LETTER_CATEGORIES);
  const agent = agentFilter(query);
  const identifier = query.get('lead_identifier');
  const search = fold(query.get('search') ?? '').trim();
  const letters = account.book.letters
    .filter((l) => (category ? inLetterCategory(l, category) : true))
    .filter((l) => !agent || l.agent_id === agent)
    .filter((l) => !identifier || findContact(account, l.lead_id)?.identifier === identifier)
    .filter((l) => !search || matches(account, l, search))
    .sort((a, b) => b.created_at - a.created_at);
  const { data, meta } = paginate(letters, query, 100);
  return ok({ data: data.map((l) => letterJson(account, l)), meta });
}

/** Op 16. */
export function lettersToValidate({ account, query }: Call): Answer {
  const agent = agentFilter(query);
  const letters = account.book.letters
    .filter((l) => letterCategory(l) === 'to_validate' && (!agent || l.agent_id === agent))
    .sort((a, b) => a.created_at - b.created_at);
  const { data, meta } = paginate(letters, query, 100);
  return ok({ data: data.map((l) => letterJson(account, l)), meta });
}

/** A letter still waiting for validation, or decided less than 60 minutes ago. */
function openLetter(account: Account, id: string): Letter {
  const letter = account.book.letters.find((l) => l.id === id);
  if (!letter) throw notFound('Letter');
  assertWritable(account, letter.agent_id);
  if (letter.status !== 'validating') throw invalid('status', 'This letter is not waiting for validation, or the decision is final.');
  return letter;
}

function decide(letter: Letter, kind: 'validated' | 'rejected', now: number) {
  if (letter.decision?.kind !== kind) letter.decision = { kind, at: now };
  letter.updated_at = now;
}

/** Op 17. `blocks` replaces the content of the named blocks. */
export function validateLetter({ account, id, body, now }: Call): Answer {
  const letter = openLetter(account, id);
  const problems = new Problems();
  const edits: Array<{ id: string; content: string }> = [];
  if (body.blocks !== undefined && body.blocks !== null) {
    if (!Array.isArray(body.blocks)) problems.bad('blocks', 'The blocks must be an array of {id, content}.');
    else {
      (body.blocks as unknown[]).forEach((raw, i) => {
        const block = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
        if (typeof block.id !== 'string' || !letter.blocks.some((b) => b.id === block.id)) problems.bad(`blocks.${i}.id`, 'Unknown block id.');
        else if (typeof block.content !== 'string') problems.bad(`blocks.${i}.content`, 'The content must be a string.');
        else edits.push({ id: block.id, content: block.content });
      });
    }
  }
  problems.check();
  for (const edit of edits) letter.blocks.find((b) => b.id === edit.id)!.content = edit.content;
  decide(letter, 'validated', now);
  return ok({ message: 'Letter validated; final after 60 minutes, it can be rejected until then.', data: letterJson(account, letter) });
}

/** Op 18. */
export function rejectLetter({ account, id, now }: Call): Answer {
  const letter = openLetter(account, id);
  decide(letter, 'rejected', now);
  return ok({ message: 'Letter rejected; deleted after 60 minutes, it can be validated until then.', data: letterJson(account, letter) });
}

/** After 60 minutes a validated letter goes to generation and a rejected one is deleted. */
export function finalizeLetterDecisions(account: Account, now: number): void {
  const { book } = account;
  for (const letter of [...book.letters]) {
    if (!letter.decision || now < letter.decision.at + GRACE_MS) continue;
    if (letter.decision.kind === 'rejected') {
      book.letters = book.letters.filter((l) => l !== letter);
      continue;
    }
    letter.status = 'generating';
    letter.updated_at = letter.decision.at + GRACE_MS;
    letter.decision = null;
  }
}
