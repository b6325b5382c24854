// Fuzz of the message handler: generated messages and forged senders never cause a request,
// a storage write, or a reply that carries the key.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contentRequestSchema, requestSchema } from '../../../lib/messaging/protocol';
import { configure, controllerWithSandbox, EXTENSION_ID } from '../../helpers/controller';
import { PROPERTY_RUNS, PROPERTY_RUNS_LABEL } from '../../helpers/runs';
import { DEMO_KEY } from '../../sandbox/seed';

/** Every kind of message, from the protocols themselves. */
const TYPES = [...new Set([...requestSchema.types, ...contentRequestSchema.types])];

const forgedSender = fc.oneof(
  fc.record({ id: fc.string(), url: fc.webUrl() }),
  fc.record({ id: fc.constant('another-extension'), url: fc.constant('chrome-extension://another-extension/popup.html') }),
  fc.record({ id: fc.constant(EXTENSION_ID), url: fc.webUrl(), frameId: fc.integer({ min: 1, max: 9 }), tab: fc.constant({ id: 3 }) }),
  fc.record({
    id: fc.constant(EXTENSION_ID),
    url: fc.constantFrom('http://www.linkedin.com/in/x/', 'https://linkedin.com.evil.example/in/x/', 'https://evil.example/'),
    frameId: fc.constant(0),
    tab: fc.constant({ id: 3 }),
  }),
  fc.record({ id: fc.constant(EXTENSION_ID), url: fc.constant('https://www.linkedin.com/in/x/'), frameId: fc.constant(0) }),
  fc.record({ url: fc.constant('chrome-extension://test-extension-id/popup.html') }),
);

/** Messages that look almost right: known types with wrong, missing or extra fields. */
const malformed = fc.oneof(
  fc.anything(),
  fc.record({ type: fc.constantFrom(...TYPES) }, { requiredKeys: [] }),
  fc.record({
    type: fc.constantFrom(...TYPES),
    actionId: fc.oneof(fc.string(), fc.integer(), fc.constant(''), fc.string({ minLength: 201 })),
    extra: fc.anything(),
  }),
  fc.record({
    type: fc.constantFrom('saveNote'),
    actionId: fc.string({ minLength: 1 }),
    message: fc.oneof(fc.integer(), fc.string({ minLength: 201, maxLength: 400 }), fc.object()),
  }),
  fc.record({ type: fc.constantFrom('markFailed'), actionId: fc.string({ minLength: 1 }), reason: fc.string(), text: fc.anything() }),
  fc.record({
    type: fc.constant('saveSettings'),
    pollMinutes: fc.oneof(fc.double(), fc.string()),
    weeklyCap: fc.oneof(fc.double(), fc.constant(0), fc.constant(5000)),
  }),
  fc.record({
    type: fc.constant('connect'),
    baseUrl: fc.oneof(fc.integer(), fc.string({ minLength: 2001, maxLength: 2100 })),
    apiKey: fc.oneof(fc.constant(''), fc.integer()),
  }),
);

describe('message handler fuzz', () => {
  it('knows every kind of message of both protocols', () => {
    expect(TYPES).toEqual(expect.arrayContaining(['refresh', 'getRateStatus', 'saveSettings', 'profileSeen', 'markAssisted', 'weeklyLimitReached']));
    expect(TYPES.length).toBeGreaterThanOrEqual(18);
  });

  it(`${PROPERTY_RUNS_LABEL} generated messages from forged senders or of malformed shape: no request, no storage write, no key`, async () => {
    const { ask, fetchSpy, controller } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const requestsBefore = fetchSpy.mock.calls.length;
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
    let count = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.oneof(fc.anything(), malformed, fc.record({ type: fc.constantFrom(...TYPES) })), forgedSender),
          fc.tuple(
            malformed.filter((m) => !requestSchema.safeParse(m).success),
            fc.constant({ id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` }),
          ),
        ),
        async ([message, sender]) => {
          count++;
          const reply = await ask(message, sender as never);
          expect(reply.ok).toBe(false);
          expect(JSON.stringify(reply)).not.toContain(DEMO_KEY);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
    expect(count).toBe(PROPERTY_RUNS);
    expect(fetchSpy.mock.calls.length - requestsBefore).toBe(0);
    expect(set).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  }, 120_000);
});
