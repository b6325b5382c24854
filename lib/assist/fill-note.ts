/**
 * Types the note into the page's textarea so that the page's own framework sees it: first as
 * the browser's own text insertion (which fires beforeinput/input like typing), else by the
 * native value setter followed by an input event (frameworks track the property, not the DOM).
 */
export function fillNote(textarea: HTMLTextAreaElement, note: string): void {
  const doc = textarea.ownerDocument;
  textarea.focus();
  textarea.select();
  let inserted = false;
  try {
    inserted = typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, note);
  } catch {
    inserted = false;
  }
  if (!inserted || textarea.value !== note) {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(textarea) as object, 'value')?.set;
    if (setter) setter.call(textarea, note);
    else textarea.value = note;
    textarea.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    textarea.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
