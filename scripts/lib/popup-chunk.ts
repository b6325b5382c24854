import type { Plugin, Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

const POPUP = /entrypoints\/popup\/index\.html$/;
const DESK = /entrypoints\/desk\.sidepanel\/index\.html$/;
/** The options page's first view (components/options/views.ts), loaded as soon as the page is. */
const FIRST_VIEW = /components\/options\/views\/overview-view\.tsx$/;

/** Every module `from` reaches, through static imports only or also through dynamic ones. */
function reach(from: string[], meta: ManualChunkMeta, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = meta.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/**
 * Three chunks for the pages built together (the background and the content scripts are single
 * files already):
 * - 'shared': what the popup's first paint needs and the other pages load at once too (the options
 *   page with its first view, the report);
 * - 'later': what the popup needs and the others load only later (the options page's views, the
 *   popup's own lazily loaded blocks), so that the options page's first view does not load the
 *   answers' reading rules and the errors' words (issue 40: 19.2 kB gzip with them, `npm run bench`);
 * - 'queue': what the popup shares with the desk alone (the queue, its rows: issue 31), so that the
 *   options page does not load them.
 * What only the popup uses stays in its entry chunk. The popup then loads four scripts instead of
 * seventeen: that many small modules took about 30 ms to load before its script could start
 * (issue 24, `npm run bench`).
 */
export function popupChunk(): Plugin {
  let shared: Set<string> | null = null;
  let later = new Set<string>();
  let withDesk = new Set<string>();
  return {
    name: 'popup-chunk',
    outputOptions: (output) =>
      output.inlineDynamicImports
        ? null
        : {
            ...output,
            manualChunks(id, meta) {
              if (!shared) {
                const entries = [...meta.getModuleIds()].filter((m) => meta.getModuleInfo(m)?.isEntry);
                const pages = entries.filter((m) => !POPUP.test(m) && !DESK.test(m));
                const popup = reach(
                  entries.filter((m) => POPUP.test(m)),
                  meta,
                  false,
                );
                // The other pages but the desk (with the options page's first view, at once), and the
                // popup's own lazily loaded blocks (which import from it).
                const lazy = [...popup].flatMap((m) => meta.getModuleInfo(m)?.dynamicallyImportedIds ?? []);
                const atOnce = reach([...pages, ...[...meta.getModuleIds()].filter((m) => FIRST_VIEW.test(m))], meta, false);
                const others = reach([...pages, ...lazy], meta, true);
                const desk = reach(
                  entries.filter((m) => DESK.test(m)),
                  meta,
                  true,
                );
                shared = new Set([...popup].filter((m) => atOnce.has(m)));
                later = new Set([...popup].filter((m) => others.has(m) && !atOnce.has(m)));
                withDesk = new Set([...popup].filter((m) => desk.has(m) && !others.has(m)));
              }
              return shared.has(id) ? 'shared' : later.has(id) ? 'later' : withDesk.has(id) ? 'queue' : undefined;
            },
          },
  };
}
