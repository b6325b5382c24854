/**
 * Types the note into the page's textarea so that the page's own framework sees it: first as
 * the browser's own text insertion (which fires beforeinput/input like typing, trusted events of the
 * browser), else, unless `browserOnly` ("Let me click on the page": the extension dispatches no
 * event), by the native value setter followed by an input event (frameworks track the property, not
 * the DOM). Returns whether the box holds the note.
 */
export function fillNote(textarea: HTMLTextAreaElement, note: string, browserOnly = false): boolean {
  const doc = textarea.ownerDocument;
  textarea.focus();
  textarea.select();
  try {
    if (typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, note) && textarea.value === note) return true;
  } catch {
    // Refused (an old engine): the fallback below, where allowed.
  }
  if (browserOnly) return false;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(textarea) as object, 'value')?.set;
  if (setter) setter.call(textarea, note);
  else textarea.value = note;
  textarea.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  textarea.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}
