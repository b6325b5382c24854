import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseSeed, replayCommand, replayReporter, seedOfCommit } from './fc-seed';

const commit = '1d1dc80a80e2d15fef89c6b5419fdebf8625d0bf';

describe('the property tests’ seed', () => {
  it('is FC_SEED when given, whatever the machine', () => {
    expect(chooseSeed({ FC_SEED: '42' }, true, () => commit)).toEqual({ seed: 42, why: 'FC_SEED' });
    expect(chooseSeed({ FC_SEED: '-7' }, false, () => commit).seed).toBe(-7);
    expect(() => chooseSeed({ FC_SEED: 'abc' }, false, () => commit)).toThrow(/FC_SEED must be an integer/);
  });

  it('is fixed per commit in CI: the same commit draws the same seed, another commit another', () => {
    const a = chooseSeed({}, true, () => commit);
    expect(a).toEqual(chooseSeed({}, true, () => commit));
    expect(a.seed).toBe(seedOfCommit(commit));
    expect(a.why).toBe('commit 1d1dc80a80e2');
    expect(seedOfCommit('0'.repeat(40))).not.toBe(a.seed);
    expect(Number.isInteger(a.seed) && a.seed >= -(2 ** 31) && a.seed < 2 ** 31).toBe(true);
  });

  it('is drawn anew on a developer’s machine', () => {
    const seeds = new Set(Array.from({ length: 5 }, () => chooseSeed({}, false, () => commit).seed));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('is printed on failure with the command that replays the file', () => {
    expect(replayCommand(5, `${process.cwd()}/test/lib/x.test.ts`, true)).toBe('CI=true FC_SEED=5 npm run test:unit -- test/lib/x.test.ts');
    expect(replayCommand(5, undefined, false)).toBe('FC_SEED=5 npm run test:unit');
    const failing = () =>
      fc.assert(
        fc.property(fc.integer(), (n) => n < 10),
        { seed: 9, reporter: replayReporter(() => `${process.cwd()}/test/lib/y.test.ts`) },
      );
    expect(failing).toThrow(/Counterexample: \[\d+\][\s\S]*Replay: (CI=true )?FC_SEED=9 npm run test:unit -- test\/lib\/y\.test\.ts/);
  });
});
