// Reading the store packages: unzipped with the system's unzip, listed and compared file by file.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** The package `npm run zip` made for this kind ('chrome', 'firefox' or 'sources'). */
export function packagePath(kind: 'chrome' | 'firefox' | 'sources'): string {
  return join('.output', `invitation-assistant-${version}-${kind}.zip`);
}

export function unzip(zip: string, into: string): void {
  execFileSync('unzip', ['-q', '-o', zip, '-d', into]);
}

/** Every file under a folder, as paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The files that differ between two folders: missing on one side, or with other bytes. */
export function differences(expected: string, actual: string): string[] {
  const a = filesUnder(expected);
  const b = filesUnder(actual);
  const diffs: string[] = [];
  for (const f of a) if (!b.includes(f)) diffs.push(`${f}: missing from the rebuild`);
  for (const f of b) if (!a.includes(f)) diffs.push(`${f}: only in the rebuild`);
  for (const f of a.filter((x) => b.includes(x))) if (!readFileSync(join(expected, f)).equals(readFileSync(join(actual, f)))) diffs.push(`${f}: differs`);
  return diffs;
}

/**
 * Files of an unpacked extension that nothing uses: not named by the manifest (or a locale it
 * reads) nor by another file of the package (a page's script, a script's chunk, a style).
 */
export function unusedFiles(dir: string): string[] {
  const files = filesUnder(dir);
  const texts = new Map(files.filter((f) => /\.(json|html|js|css)$/.test(f)).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const manifest = texts.get('manifest.json') ?? '';
  const locales = JSON.parse(manifest).default_locale ? files.filter((f) => /^_locales\/[^/]+\/messages\.json$/.test(f)) : [];
  return files.filter((f) => {
    if (f === 'manifest.json' || locales.includes(f)) return false;
    const base = f.split('/').pop()!;
    return ![...texts].some(([other, text]) => other !== f && (text.includes(f) || text.includes(base)));
  });
}
