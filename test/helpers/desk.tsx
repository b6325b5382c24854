// The desk rendered on a backend, the browser's side panel stood in for: the tests say which tab it follows.
import { act, render } from '@testing-library/preact';
import { DeskApp } from '../../components/desk/desk-app';
import { type Backend, BackendContext } from '../../components/shared/backend';
import type { DeskBrowser } from '../../lib/desk/browser-desk';
import type { FollowedTab } from '../../lib/desk/follow';
import { storedInitial } from './popup';

/** Renders the desk as stored; `show` makes it follow a tab (null: none). */
export async function renderDesk(backend: Backend): Promise<{ show: (tab: FollowedTab | null) => Promise<void> }> {
  let follow: (tab: FollowedTab | null) => void = () => {};
  const desk: DeskBrowser = {
    follow: (onTab) => {
      follow = onTab;
      return () => {};
    },
    link: () => ({ send: () => {}, close: () => {} }),
    onAssistShown: () => () => {},
  };
  render(
    <BackendContext.Provider value={backend}>
      <DeskApp desk={desk} initial={await storedInitial()} />
    </BackendContext.Provider>,
  );
  return { show: (tab) => act(() => follow(tab)) };
}
