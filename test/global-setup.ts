import type { TestProject } from 'vitest/node';
import { chooseSeed } from './helpers/fc-seed';

declare module 'vitest' {
  export interface ProvidedContext {
    fcSeed: number;
  }
}

/** Picks the property tests' seed once for the whole run, and says it before any test. */
export default function setup(project: TestProject): void {
  const { seed, why } = chooseSeed();
  console.log(`fast-check seed ${seed} (${why}); replay a failure with FC_SEED=${seed}`);
  project.provide('fcSeed', seed);
}
