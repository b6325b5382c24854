// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personsSend, spotOf } from '../../../../lib/page/assist/send-click';
import { fakeLayout } from '../../../helpers/layout';

let layout: ReturnType<typeof fakeLayout>;
beforeEach(() => {
  layout = fakeLayout();
  document.body.innerHTML = '<div role="dialog"><button data-send><span>Send</span></button></div>';
});
afterEach(() => {
  document.body.innerHTML = '';
});

const send = () => document.querySelector<HTMLButtonElement>('[data-send]')!;

/** A click that reached Send: trusted or not, at a point (a key's has none: detail 0). */
function click(target: Element, { trusted = true, at }: { trusted?: boolean; at?: { x: number; y: number } } = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, detail: at ? 1 : 0, clientX: at?.x ?? 0, clientY: at?.y ?? 0 });
  Object.defineProperty(event, 'target', { value: target });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  return event;
}

const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

describe('a click on the page’s Send that is the person’s own', () => {
  it('counts a trusted click, by pointer on the button or by key, on a Send where it was when the note was typed', () => {
    const before = spotOf(send());
    expect(personsSend(click(send().firstElementChild!, { at: centre(send()) }), send(), before)).toBe(true);
    expect(personsSend(click(send()), send(), before)).toBe(true);
  });

  it('counts no script’s click, no click outside the button, no Send moved, covered, transparent or gone', () => {
    const before = spotOf(send());
    expect(personsSend(click(send(), { trusted: false }), send(), before)).toBe(false);
    expect(personsSend(click(send(), { at: { x: 0, y: 0 } }), send(), before)).toBe(false);
    expect(personsSend(click(document.body), send(), before)).toBe(false);
    const veil = document.body.appendChild(document.createElement('div'));
    layout.move(veil, send());
    expect(personsSend(click(send()), send(), before)).toBe(false);
    veil.remove();
    layout.move(send(), { left: 600 });
    expect(personsSend(click(send()), send(), before)).toBe(false);
    layout.move(send(), before);
    send().style.opacity = '0';
    expect(personsSend(click(send()), send(), before)).toBe(false);
    send().style.opacity = '';
    const gone = send();
    gone.remove();
    expect(personsSend(click(gone), gone, before)).toBe(false);
  });
});
