// The actions each tab's panel was shown, since that tab last loaded a document. A page can
// rewrite its own address (history.pushState): the mark of the action the person prepared must
// still be taken, though the tab's address now names another profile. A real navigation (a new
// document, which the loader announces) or a closed tab forgets them.

/** Per tab, the last few actions shown there. */
export type TabBindings = Record<string, string[]>;

const KEEP = 5;

export function bindAction(all: TabBindings, tabId: number, actionId: string): TabBindings {
  const shown = all[tabId] ?? [];
  if (shown.at(-1) === actionId) return all;
  return { ...all, [tabId]: [...shown.filter((id) => id !== actionId), actionId].slice(-KEEP) };
}

export function forgetTab(all: TabBindings, tabId: number): TabBindings {
  if (!(tabId in all)) return all;
  const { [tabId]: _gone, ...rest } = all;
  return rest;
}

export const shownInTab = (all: TabBindings, tabId: number, actionId: string): boolean => (all[tabId] ?? []).includes(actionId);
