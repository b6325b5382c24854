import { describe, expect, it } from 'vitest';
import { singleFlight } from '../../../lib/util/single-flight';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('singleFlight', () => {
  it('lets a caller during a run join it instead of starting another', async () => {
    let runs = 0;
    const g = gate();
    const flight = singleFlight(async () => {
      runs++;
      await g.opened;
      return runs;
    });
    const first = flight.run();
    const second = flight.run();
    g.open();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(runs).toBe(1);
  });

  it('runs once more after the current run when a caller asks again, and every caller gets the last answer', async () => {
    let runs = 0;
    const g = gate();
    const flight = singleFlight(async () => {
      runs++;
      if (runs === 1) await g.opened;
      return runs;
    });
    const first = flight.run();
    const late = flight.run(true);
    const later = flight.run(true);
    g.open();
    expect(await Promise.all([first, late, later])).toEqual([2, 2, 2]);
    expect(runs).toBe(2);
  });

  it('starts a new run once the last one ended, even after a failure', async () => {
    let runs = 0;
    const flight = singleFlight(async () => {
      runs++;
      if (runs === 1) throw new Error('down');
      return runs;
    });
    await expect(flight.run()).rejects.toThrow('down');
    expect(await flight.run()).toBe(2);
  });
});
