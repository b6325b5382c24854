// Where the bytes are, for `npm run bench` (issue 40): each entry's bundle read back through its
// source map, every byte of the minified output given to the source module it came from, each
// module's share gzip -9'd alone. A treemap per entry (rollup-plugin-visualizer's own page, as WXT
// uses it for `wxt build --analyze`) and a Markdown table of the largest modules of each.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mergeJsonOutputs } from '@aklinker1/rollup-plugin-visualizer';

/** One source module's part of an entry: minified bytes and their gzip -9 size alone. */
interface ModuleBytes {
  module: string;
  bytes: number;
  gzip: number;
}

/**
 * The JavaScript an HTML page loads at once: its module script and every chunk it imports; with
 * `later`, also every chunk it can load afterwards by a dynamic `import()` (and what those import):
 * all the page can ever load (issue 40: "the popup with every chunk it loads").
 */
export function pageScripts(out: string, html: string, later = false): string[] {
  const files = new Set<string>();
  const imports = later
    ? /from\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']|import\s*\(?\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']/g
    : /from\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']|import\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']/g;
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(join(out, file), 'utf8');
    for (const m of code.matchAll(imports)) {
      const name = m[1] ?? m[2]!;
      visit(file.startsWith('chunks/') ? `chunks/${name}` : name.includes('/') ? name : `chunks/${name}`);
    }
  };
  const text = readFileSync(join(out, html), 'utf8');
  for (const m of text.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)) visit(m[1]!);
  return [...files];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map segment's fields (base64 VLQ): generated column, then source, line, column, name deltas. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** Each source module's text in a generated file, by its map; what no segment maps is `(unmapped)`. */
export function codeBySource(code: string, map: { sources: string[]; mappings: string }): Map<string, string> {
  const parts = new Map<string, string[]>();
  const give = (source: string, text: string) => {
    if (text) (parts.get(source) ?? parts.set(source, []).get(source)!).push(text);
  };
  const lines = code.split('\n');
  let source = 0;
  for (const [i, mapped] of map.mappings.split(';').entries()) {
    const line = lines[i] ?? '';
    let column = 0;
    let at = 0;
    let current = '(unmapped)';
    for (const segment of mapped.split(',').filter(Boolean)) {
      const fields = decodeSegment(segment);
      column += fields[0]!;
      give(current, line.slice(at, column));
      at = column;
      if (fields.length >= 4) {
        source += fields[1]!;
        current = map.sources[source]!;
      } else current = '(unmapped)';
    }
    give(current, line.slice(at) + (i < lines.length - 1 ? '\n' : ''));
  }
  for (let i = map.mappings.split(';').length; i < lines.length; i++) give('(unmapped)', lines[i] + (i < lines.length - 1 ? '\n' : ''));
  return new Map([...parts].map(([s, texts]) => [s, texts.join('')]));
}

/** A source path as the project names it: `lib/…`, `node_modules/preact/…`. */
function moduleName(out: string, file: string, source: string): string {
  if (source === '(unmapped)' || source.endsWith('(no source map)')) return source;
  const path = relative(process.cwd(), resolve(dirname(join(out, file)), source));
  const nm = path.lastIndexOf('node_modules/');
  return nm >= 0 ? path.slice(nm) : path;
}

/** A file as the store build has it: without the line naming its source map. */
const withoutMapComment = (code: string) => code.replace(/\n?\/\/# sourceMappingURL=.*\s*$/, '');

/** The modules of an entry's files, largest gzip first (the sourcemap comment line left out). */
function entryModules(out: string, files: string[]): ModuleBytes[] {
  const texts = new Map<string, string>();
  for (const file of files) {
    const code = withoutMapComment(readFileSync(join(out, file), 'utf8'));
    // A file the build copies as it is (the popup's early read) has no map: it is its own module.
    const map = existsSync(join(out, `${file}.map`))
      ? (JSON.parse(readFileSync(join(out, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string })
      : {
          sources: [`${file} (no source map)`],
          mappings: code
            .split('\n')
            .map(() => 'AAAA')
            .join(';'),
        };
    for (const [source, text] of codeBySource(code, map)) {
      const name = moduleName(out, file, source);
      texts.set(name, (texts.get(name) ?? '') + text);
    }
  }
  return [...texts]
    .map(([module, text]) => ({ module, bytes: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The entries of a build: each page with what it loads at once, each script, and the chunks loaded later. */
function buildEntries(out: string): Array<{ entry: string; files: string[] }> {
  const top = readdirSync(out);
  const entries = [...top.filter((f) => f.endsWith('.html')).map((html) => ({ entry: html, files: pageScripts(out, html) }))];
  const loaded = new Set(entries.flatMap((e) => e.files));
  // Scripts no page loads: the background, the content scripts, the one-shot scripts in a tab.
  entries.push(...top.filter((f) => f.endsWith('.js') && !loaded.has(f)).map((js) => ({ entry: js, files: [js] })));
  const later = readdirSync(join(out, 'chunks'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `chunks/${f}`)
    .filter((f) => !loaded.has(f));
  if (later.length) entries.push({ entry: 'chunks loaded later (the options page’s views)', files: later });
  return entries;
}

/** rollup-plugin-visualizer's data (version 2): a tree of folders per entry, leaves sized by `ModuleBytes`. */
function visualizerData(entry: string, modules: ModuleBytes[]) {
  type Tree = { name: string; children: Array<Tree | { name: string; uid: string }> };
  const root: Tree = { name: entry, children: [] };
  const nodeParts: Record<string, { metaUid: string; renderedLength: number; gzipLength: number; brotliLength: number }> = {};
  const nodeMetas: Record<string, { id: string; moduleParts: Record<string, string>; imported: never[]; importedBy: never[] }> = {};
  for (const [i, m] of modules.entries()) {
    const uid = `part-${i}`;
    nodeParts[uid] = { metaUid: `meta-${i}`, renderedLength: m.bytes, gzipLength: m.gzip, brotliLength: 0 };
    nodeMetas[`meta-${i}`] = { id: m.module, moduleParts: { [entry]: uid }, imported: [], importedBy: [] };
    const path = m.module.split('/');
    let tree = root;
    for (const folder of path.slice(0, -1)) {
      let next = tree.children.find((c): c is Tree => c.name === folder && 'children' in c);
      if (!next) tree.children.push((next = { name: folder, children: [] }));
      tree = next;
    }
    tree.children.push({ name: path.at(-1)!, uid });
  }
  return { version: 2, tree: { name: 'root', children: [root] }, nodeParts, nodeMetas, env: {}, options: { gzip: true, brotli: false, sourcemap: true } };
}

/**
 * Writes a treemap page per entry and `bytes.md` (the `top` largest modules of each, gzip share of
 * the entry) into `dir`; returns the Markdown.
 */
export async function writeBundleMaps(out: string, dir: string, top = 20): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const sections: string[] = [];
  for (const { entry, files } of buildEntries(out)) {
    const modules = entryModules(out, files);
    const slug = entry.replace(/\W+/g, '-').replace(/^-|-$/g, '');
    const json = join(dir, `${slug}.json`);
    writeFileSync(json, JSON.stringify(visualizerData(entry, modules)));
    await mergeJsonOutputs({ inputs: [json], filename: join(dir, `treemap-${slug}.html`), title: `${entry}: where the bytes are`, template: 'treemap' });
    rmSync(json);
    const gzip = files.reduce((s, f) => s + gzipSync(withoutMapComment(readFileSync(join(out, f), 'utf8')), { level: 9 }).length, 0);
    const alone = modules.reduce((s, m) => s + m.gzip, 0);
    const rows = modules
      .slice(0, top)
      .map(
        (m, i) => `| ${i + 1} | \`${m.module}\` | ${(m.bytes / 1024).toFixed(2)} | ${(m.gzip / 1024).toFixed(2)} | ${((100 * m.gzip) / alone).toFixed(1)} % |`,
      );
    sections.push(
      [
        `### ${entry}: ${(gzip / 1024).toFixed(2)} kB gzip, ${modules.length} modules, ${files.length} file${files.length > 1 ? 's' : ''}`,
        '',
        '| # | module | minified kB | gzip kB, alone | gzip share |',
        '|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  }
  const markdown = `${sections.join('\n\n')}\n`;
  writeFileSync(join(dir, 'bytes.md'), markdown);
  return markdown;
}
