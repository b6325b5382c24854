// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BlockBoundary } from '../../../components/shared/block-boundary';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

function Broken(): never {
  throw new URIError('URI malformed');
}

describe('a lazily loaded block that fails while it renders', () => {
  it('leaves a plain sentence in its place, and the rest of the page as it was', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <p>The queue</p>
        <BlockBoundary>
          <Broken />
        </BlockBoundary>
      </main>,
    );
    expect(screen.getByRole('alert').textContent).toBe('This part could not be shown. The rest still works; close and reopen the window to try again.');
    expect(screen.getByText('The queue')).toBeTruthy();
    expect(document.body.textContent).not.toContain('URI malformed');
  });

  it('says it in French too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    render(
      <BlockBoundary>
        <Broken />
      </BlockBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      "Cette partie n'a pas pu s'afficher. Le reste fonctionne ; fermez puis rouvrez la fenêtre pour réessayer.",
    );
  });

  it('shows the next view again once another one is chosen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <BlockBoundary resetKey="contacts">
        <Broken />
      </BlockBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <BlockBoundary resetKey="agents">
        <p>Agents</p>
      </BlockBoundary>,
    );
    expect(screen.getByText('Agents')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
