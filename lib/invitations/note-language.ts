// The language a note is written in, for the note box's `lang` (the spell checker then checks a
// French note in French in an English browser, and the other way round). Notes are short (at most
// 200 characters) and the service writes them in English or French, so a count of the words that
// are common in one and rare in the other is enough, with a letter only French uses (é, ç, à…) for
// a word more. A tie, an empty note, a note in another language: the browser's own language.

/** Short words of French notes that English notes do not use (and elisions: j'ai, qu'il, l'équipe). */
const FRENCH = new Set(
  'je j vous votre vos nous notre le la les l des du de un une et est sont pour avec sur dans qui que qu ce cette au aux mon ma mes ravi ravie bonjour merci cordialement échanger serait être pas plus très bien'.split(
    ' ',
  ),
);
/** Short words of English notes that French notes do not use. */
const ENGLISH = new Set(
  'the and you your i to of for with would be is are am it this that my we our hi hello thanks thank love like connect glad happy in on at as an have has will could'.split(
    ' ',
  ),
);
const FRENCH_LETTER = /[àâçéèêëîïôûùüÿœæ]/;

/** 'fr' or 'en' when the note's words say so; `fallback` (the browser's language) otherwise. */
export function noteLanguage(note: string, fallback: string): string {
  let score = 0;
  for (const word of note.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (FRENCH.has(word) || FRENCH_LETTER.test(word)) score++;
    else if (ENGLISH.has(word)) score--;
  }
  return score > 0 ? 'fr' : score < 0 ? 'en' : fallback;
}
