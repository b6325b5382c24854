// Whether a person accepted an invitation sent through the extension: their profile's own card read
// once when the person visits it (entrypoints/card-check.ts, at most once a day per profile, run by
// the background on the loader's word). Reading only: nothing drawn, no event, no observer left.
import { waitFor } from '../../page/assist/wait';
import { profileSlug } from '../../network/profile-url';
import type { InvitationState } from '../../network/profile-states';
import { readTopCard } from '../../page/reader/top-card';
import { openSlot } from './slot';

interface CardCheckInput {
  slug: string;
  name?: string | undefined;
}

/** The card's state; null when the tab no longer shows the profile or no card of theirs was found. */
export interface CardCheck {
  state: InvitationState | null;
}

/** A profile's card is drawn a moment after its address changes: it is given this long. */
const CARD_WAIT_MS = 8_000;

async function checkCard(doc: Document, address: () => string, input: CardCheckInput): Promise<CardCheck> {
  const prospect = { slug: input.slug, name: input.name };
  const read = () => (profileSlug(address()) === input.slug ? readTopCard(doc, prospect) : false);
  // null: no card yet; false: cards none of which is theirs (or the tab moved on).
  const card = await waitFor(doc, () => read() ?? undefined, CARD_WAIT_MS).then((c) => c ?? read());
  return { state: card ? card.state : null };
}

/** The script's run (entrypoints/card-check.ts): the card's state said through its slot on `world`. */
export function cardCheckScript(world: object, doc: Document, address: () => string): void {
  const slot = openSlot<CardCheckInput, CardCheck | null>(world, 'card-check', null);
  if (slot.input) void checkCard(doc, address, slot.input).then(slot.say);
}
