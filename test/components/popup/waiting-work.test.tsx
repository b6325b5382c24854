// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { WaitingWork } from '../../../components/popup/waiting-work';
import { BackendContext } from '../../../components/shared/backend';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';

afterEach(cleanup);

describe("the popup's work that waits", () => {
  it('links emails, replies and letters each to its queue, which the options page opens on its first item', async () => {
    const wired = sandboxBackend();
    await configure();
    render(
      <BackendContext.Provider value={wired.backend}>
        <WaitingWork enabled />
      </BackendContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('link', { name: /^\d+ emails wait for your validation$/ }));
    expect(wired.backend.openOptions).toHaveBeenLastCalledWith('emails/to-validate');
    fireEvent.click(screen.getByRole('link', { name: /^\d+ replies wait for you to handle$/ }));
    expect(wired.backend.openOptions).toHaveBeenLastCalledWith('emails/replies');
    fireEvent.click(screen.getByRole('link', { name: /^\d+ letters? waits? for your validation$/ }));
    expect(wired.backend.openOptions).toHaveBeenLastCalledWith('letters/to-validate');
  });
});
