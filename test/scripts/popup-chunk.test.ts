import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { popupChunk } from '../../scripts/lib/popup-chunk';

type Graph = Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>;

/** Each module's chunk as the plugin names it, for a module graph given as imports and lazy imports. */
function chunksOf(graph: Graph): Record<string, string | undefined> {
  const meta = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      graph[id] ? { isEntry: graph[id].entry === true, importedIds: graph[id].imports ?? [], dynamicallyImportedIds: graph[id].lazy ?? [] } : null,
  } as unknown as Rollup.ManualChunkMeta;
  const output = (popupChunk().outputOptions as (o: Rollup.OutputOptions) => Rollup.OutputOptions)({});
  const manualChunks = output.manualChunks as (id: string, meta: Rollup.ManualChunkMeta) => string | undefined;
  return Object.fromEntries(Object.keys(graph).map((id) => [id, manualChunks(id, meta)]));
}

describe('the pages’ chunks (scripts/lib/popup-chunk.ts)', () => {
  it('puts what the options page’s first view needs beside the popup in the chunk it loads at once, what only its later views need in another', () => {
    const chunks = chunksOf({
      '/x/entrypoints/popup/index.html': { entry: true, imports: ['/x/popup-app.tsx'] },
      '/x/popup-app.tsx': {
        imports: ['/x/preact.js', '/x/reading-rules.ts', '/x/status.ts', '/x/queue.tsx', '/x/popup-only.ts'],
        lazy: ['/x/this-profile.tsx'],
      },
      '/x/this-profile.tsx': { imports: ['/x/reading-rules.ts'] },
      '/x/entrypoints/options/index.html': { entry: true, imports: ['/x/preact.js', '/x/views.ts'] },
      '/x/views.ts': { lazy: ['/x/components/options/views/overview-view.tsx', '/x/contacts-view.tsx'] },
      '/x/components/options/views/overview-view.tsx': { imports: ['/x/status.ts'] },
      '/x/contacts-view.tsx': { imports: ['/x/reading-rules.ts'] },
      '/x/entrypoints/desk.sidepanel/index.html': { entry: true, imports: ['/x/queue.tsx', '/x/preact.js'] },
      '/x/preact.js': {},
      '/x/reading-rules.ts': {},
      '/x/status.ts': {},
      '/x/queue.tsx': {},
      '/x/popup-only.ts': {},
    });
    expect(chunks['/x/preact.js']).toBe('shared');
    expect(chunks['/x/status.ts']).toBe('shared');
    expect(chunks['/x/reading-rules.ts']).toBe('later');
    expect(chunks['/x/queue.tsx']).toBe('queue');
    expect(chunks['/x/popup-only.ts']).toBeUndefined();
    expect(chunks['/x/contacts-view.tsx']).toBeUndefined();
  });
});
