import { describe, expect, it } from 'vitest';
import { keyRejectedAtItem, keyRejectedItem, waitingWorkItem } from '../../../lib/store/storage';
import { WAITING_MAX_AGE_MS } from '../../../lib/views/waiting-work';
import { clockedController, configure } from '../../helpers/controller';

const QUEUES = ['/emails/to-validate', '/letters/to-validate'];

const clocked = () => clockedController((path) => QUEUES.some((q) => path.endsWith(q)));

describe('the work that waits, kept by the background', () => {
  it('is read with the poll, every queue counted, then again only when 10 minutes old', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(2);
    const kept = await waitingWorkItem.getValue();
    expect(kept?.emails?.count).toBeGreaterThan(0);
    expect(kept?.letters?.count).toBeGreaterThan(0);
    expect(kept?.replies).not.toBeUndefined();
    advance(WAITING_MAX_AGE_MS - 60_000);
    await controller.poll();
    expect(reads()).toBe(2);
    advance(60_000);
    await controller.poll();
    expect(reads()).toBe(4);
  });

  it('is read again at the next poll once a page marked it stale (a decision made)', async () => {
    const { controller, reads } = clocked();
    await configure();
    await controller.poll();
    const { markWaitingStale } = await import('../../../components/shared/use-waiting-work');
    await markWaitingStale();
    await controller.poll();
    expect(reads()).toBe(4);
  });

  it('is read when a page asks, only once 10 minutes old, and kept for the page to show', async () => {
    const { controller, reads, advance, ask } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(2);
    expect(await ask({ type: 'readWaitingWork' })).toEqual({ ok: true, data: null });
    expect(reads()).toBe(2);
    await waitingWorkItem.setValue(null);
    advance(60_000);
    expect(await ask({ type: 'readWaitingWork' })).toEqual({ ok: true, data: null });
    expect(reads()).toBe(4);
    expect((await waitingWorkItem.getValue())?.emails?.count).toBeGreaterThan(0);
  });

  it('is not read while the key is rejected', async () => {
    const { controller, reads } = clocked();
    await configure();
    await keyRejectedItem.setValue(true);
    await keyRejectedAtItem.setValue(Date.UTC(2026, 10, 20, 9));
    await controller.poll();
    expect(reads()).toBe(0);
  });

  it('is not read when a page asks while the key is rejected', async () => {
    const { controller, reads, advance, ask } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(2);
    await keyRejectedItem.setValue(true);
    await keyRejectedAtItem.setValue(Date.UTC(2026, 10, 20, 9));
    advance(WAITING_MAX_AGE_MS);
    expect(await ask({ type: 'readWaitingWork' })).toEqual({ ok: true, data: null });
    expect(reads()).toBe(2);
  });
});
