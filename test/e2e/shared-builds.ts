// Builds that several end-to-end files launch (the store build, the Firefox sandbox build) are made
// once per run, by the first file that needs one, in a folder of the run's own (this global setup
// makes it and removes it at the end), then launched read-only by every file: a build is about 25 s
// of CPU on the 2-core machine, and each file used to make its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { wxtBuildOnce } from '../../scripts/lib/build';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedBuildsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ia-e2e-builds-'));
  project.provide('sharedBuildsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The run's build made by `wxt build <args>` (made now if no file has made it yet); the folder WXT wrote it in. */
export function sharedBuild(name: string, args: string[]): string {
  const out = join(inject('sharedBuildsDir'), name);
  wxtBuildOnce(out, args);
  return out;
}
