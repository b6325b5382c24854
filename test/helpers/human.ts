// happy-dom marks no event as trusted (it has no isTrusted at all), and the panel obeys only
// trusted events. A person's input is simulated here by marking the event trusted, as the
// browser does for real input; a plain fireEvent stays what a page script can dispatch.
import { createEvent, fireEvent } from '@testing-library/preact';

type Kind = 'click' | 'keyDown' | 'input' | 'change' | 'submit';

/** Fires `kind` on `el` as a person's input (isTrusted true). */
export function human(kind: Kind, el: Element, init: object = {}): boolean {
  const event = createEvent[kind](el, init);
  Object.defineProperty(event, 'isTrusted', { value: true });
  return fireEvent(el, event);
}
