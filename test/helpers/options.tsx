import { render, screen } from '@testing-library/preact';
import { OptionsApp } from '../../components/options/options-app';
import { BackendContext, type Backend } from '../../components/shared/backend';

/** The options page opened at a view (`hash`, e.g. '#settings'), once that view's heading shows. */
export async function renderOptionsAt(wired: { backend: Backend }, hash: string) {
  location.hash = hash;
  const rendered = render(
    <BackendContext.Provider value={wired.backend}>
      <OptionsApp initial={{ account: null }} />
    </BackendContext.Provider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return rendered;
}
