// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor, watchPage } from '../../../../lib/page/assist/wait';
import { fakeClock, pass, settle } from '../../../helpers/fake-clock';

const THROTTLE = 100;
/** The throttle's and the deadline's timers are on a fake clock: time passes without waiting. */
const pause = (ms: number) => pass(ms, 10);
/** Lets the observer's records reach it (they are delivered as a microtask or a task). */
const flush = () => pause(0);

beforeEach(fakeClock);
afterEach(() => {
  document.body.innerHTML = '';
});

describe('watchPage', () => {
  it('reads once per throttle window while the page changes, and not at all while it does not', async () => {
    const onChange = vi.fn();
    const unwatch = watchPage(document, onChange, THROTTLE);
    await pause(THROTTLE * 2);
    expect(onChange).not.toHaveBeenCalled();
    for (let i = 0; i < 5; i++) document.body.append(document.createElement('div'));
    await flush();
    expect(onChange).not.toHaveBeenCalled();
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(1);
    document.body.firstElementChild!.setAttribute('aria-expanded', 'true');
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(2);
    unwatch();
  });

  it('ignores attributes that change nothing the reader finds', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    const onChange = vi.fn();
    const unwatch = watchPage(document, onChange, THROTTLE);
    el.setAttribute('style', 'color: red');
    el.setAttribute('data-x', '1');
    await pause(THROTTLE * 1.5);
    expect(onChange).not.toHaveBeenCalled();
    el.setAttribute('disabled', '');
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(1);
    unwatch();
  });

  it('observes an open shadow root present when it starts', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = host.attachShadow({ mode: 'open' });
    const onChange = vi.fn();
    const unwatch = watchPage(document, onChange, THROTTLE);
    root.append(document.createElement('div'));
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(1);
    unwatch();
  });

  it('observes a shadow root attached since, from the next change of the page on', async () => {
    const outlet = document.body.appendChild(document.createElement('div'));
    const onChange = vi.fn();
    const unwatch = watchPage(document, onChange, THROTTLE);
    // The interop outlet gets its root later, and the page changes meanwhile.
    const root = outlet.attachShadow({ mode: 'open' });
    document.body.append(document.createElement('p'));
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(1);
    // A dialog drawn inside that root alone is now seen.
    root.innerHTML = '<div role="dialog" aria-modal="true"><button>Send</button></div>';
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(2);
    root.querySelector('button')!.setAttribute('disabled', '');
    await pause(THROTTLE * 1.5);
    expect(onChange).toHaveBeenCalledTimes(3);
    unwatch();
  });

  it('stops reading once unwatched, a read already due included', async () => {
    const onChange = vi.fn();
    const unwatch = watchPage(document, onChange, THROTTLE);
    document.body.append(document.createElement('div'));
    await flush();
    unwatch();
    await pause(THROTTLE * 1.5);
    document.body.append(document.createElement('div'));
    await pause(THROTTLE * 1.5);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('waitFor', () => {
  it('resolves with the first truthy reading, read at once and at each change', async () => {
    let value: string | undefined;
    const read = vi.fn(() => value);
    const found = waitFor(document, read, 2000);
    expect(read).toHaveBeenCalledTimes(1);
    value = 'ready';
    document.body.append(document.createElement('div'));
    await expect(settle(found, 1_000, 10)).resolves.toBe('ready');
  });

  it('resolves with undefined after the timeout, and reads no more', async () => {
    const read = vi.fn(() => undefined);
    await expect(settle(waitFor(document, read, 150), 1_000, 10)).resolves.toBeUndefined();
    const calls = read.mock.calls.length;
    document.body.append(document.createElement('div'));
    await pause(200);
    expect(read.mock.calls.length).toBe(calls);
  });
});
