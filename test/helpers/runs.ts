// How many cases a property test draws: 10,000 in CI (where `CI` is set, as .ci/run and CI services
// do), 1,000 on a developer's machine so that `npm run test:unit` stays quick. The model test of the
// outbox spends about 5 ms a schedule: 56 s at 10,000. `CI=true npm run test:unit` runs the full count.
export const inCI = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI ?? '');

export const PROPERTY_RUNS = inCI ? 10_000 : 1_000;

/** The count as a test name says it: "10,000", or "1,000 (10,000 in CI)". */
export const PROPERTY_RUNS_LABEL = inCI ? '10,000' : '1,000 (10,000 in CI)';

/**
 * The outbox's model test: each schedule now holds outages, polls and clock jumps (about 7 ms a
 * schedule), so CI draws 3,000 of them (about 20 s) and a developer's machine 500.
 */
export const MODEL_RUNS = inCI ? 3_000 : 500;
export const MODEL_RUNS_LABEL = inCI ? '3,000' : '500 (3,000 in CI)';

/**
 * The readers' property tests (test/lib/api/readers.property.test.ts): this many answers per
 * operation and rule, 27 operations and more: about 15 s in CI, 5 s on a developer's machine.
 */
export const READER_RUNS = inCI ? 500 : 100;
export const READER_RUNS_LABEL = inCI ? '500' : '100 (500 in CI)';
