// What a page's own script can read of the panel though its shadow root is closed (issue 30): it
// looks for words with window.find, and reads lines around what it found by extending the selection
// (Selection.modify). Both browsers; the sandbox build's root is open, which these calls ignore.

export interface PanelRead {
  /** The words window.find found in the page (the panel included). */
  found: string[];
  /** Whether window.find reached the panel at all (its "This page was read wrong" is nowhere else). */
  reached: boolean;
  /** The lines the selection read around it, up and down. */
  read: string;
}

/** A function's source, evaluated in the page with the words to look for. */
export const READ_PANEL = `(words) => {
  const sel = getSelection();
  const findAll = (w) => { sel.removeAllRanges(); return window.find(w, false, false, true); };
  const found = words.filter(findAll);
  const reached = findAll('This page was read wrong');
  let read = '';
  if (reached) {
    for (const dir of ['backward', 'forward']) {
      findAll('This page was read wrong');
      for (let i = 0; i < 60; i++) sel.modify('extend', dir, 'line');
      read += sel.toString() + '\\n';
    }
  }
  sel.removeAllRanges();
  return { found, reached, read };
}`;

/** The words no panel may show: other prospects, agents, the account, the product's name, figures of the queue and the week. */
export function forbiddenWords(
  sandbox: {
    actions: { status: string; contact: { firstname: string; lastname: string } }[];
    agents: { name: string }[];
    user: { firstname: string; lastname: string; company: string };
  },
  shown: string,
): string[] {
  const ready = sandbox.actions.filter((a) => a.status === 'ready');
  return [
    ...ready.map((a) => `${a.contact.firstname} ${a.contact.lastname}`).filter((n) => n !== shown),
    ...sandbox.agents.map((a) => a.name),
    `${sandbox.user.firstname} ${sandbox.user.lastname}`,
    sandbox.user.company,
    'Invitation Assistant',
    'last 7 days',
    `of ${ready.length}`,
    'Next invitation:',
  ];
}
