// The ready count in words: the badge's tooltip and the pages' ready line say it alike. Apart from
// the count itself so that a page that only reads it (the options page) loads no queue rules.
import { camel, tn } from '../extension/i18n';
import type { ReadyCount } from '../store/shapes';

/**
 * The count in words, one part each: "11 invitations ready", then "2 wait for Salons Lyon to
 * resume" per agent that waits. The same words on every surface and in the badge's tooltip.
 */
export function readyWords(count: ReadyCount, t: (key: string, substitutions?: (string | number)[]) => string): string[] {
  const first = count.more ? t('popup.countFull', [count.ready]) : tn('popup.count', count.ready, [], t);
  return [first, ...count.waiting.map((w) => tn(`deskFlow.waiting.${camel(w.status.replaceAll('_', '-'))}`, w.count, [w.name], t))];
}
