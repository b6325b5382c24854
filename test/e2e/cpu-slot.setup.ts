// Every end-to-end file but the waiting ones holds a CPU slot (cpu-slots.ts) from before its own
// first hook to after its last: its hooks and tests run only while it holds one.
import { afterAll, beforeAll, inject } from 'vitest';
import { isWaitingFile, takeSlot } from './cpu-slots';

let release: (() => void) | undefined;

// Waiting for a slot is waiting for other files to end: as long as the longest of them.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first argument as fixtures, a pattern required
beforeAll(async ({}, suite) => {
  if (!isWaitingFile(suite.file.filepath)) release = await takeSlot(inject('cpuSlotsPort'));
}, 30 * 60_000);

afterAll(() => release?.());
