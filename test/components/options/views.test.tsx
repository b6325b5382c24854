// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEWS } from '../../../components/options/views';
import { viewCache } from '../../../components/options/use-view-data';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function open(wired: ReturnType<typeof sandboxBackend>, hash: string) {
  await renderOptionsAt(wired, hash);
}

const nav = () => screen.getByRole('navigation', { name: 'Sections' });
const contactRequests = (wired: ReturnType<typeof sandboxBackend>) => wired.sandbox.log.filter((l) => l.route === 'listContacts').length;

describe('options navigation', () => {
  it('offers Settings alone, with one sentence on what to do, before a key is saved, whatever the address asks', async () => {
    await open(sandboxBackend(), '#contacts');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Settings']);
    expect(screen.getByText(/the other sections appear once it is connected/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Settings');
  });

  it('opens the view the address names, and a choice in the navigation changes the address and focuses the view', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Contacts'));
    expect(within(nav()).getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav()).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Settings'));
    expect(location.hash).toBe('#settings');
    await waitFor(() => expect(document.activeElement?.id).toBe('view-heading'));
  });
});

describe('the first view of a page with a key', () => {
  it('loads only the view the address names, or the Overview, never the Settings chunk first', async () => {
    const settings = VIEWS.settings!;
    const load = vi.fn(settings);
    VIEWS.settings = load;
    try {
      const wired = sandboxBackend();
      await configure();
      await open(wired, '#contacts');
      await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Contacts'));
      cleanup();
      await open(wired, '');
      await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Overview'));
      expect(load).not.toHaveBeenCalled();
    } finally {
      VIEWS.settings = settings;
    }
  });
});

describe('contacts view', () => {
  it('lists contacts with status and source in words, and pages through them', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    const list = await screen.findByRole('list', { name: '' }).catch(() => undefined);
    await waitFor(() => expect(document.querySelectorAll('.record').length).toBeGreaterThan(0));
    expect(list ?? true).toBeTruthy();
    expect(screen.getByText(/^Page 1/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '25' } });
    await waitFor(() => expect(wired.sandbox.log.at(-1)?.query).toContain('per_page=25'));
    await waitFor(() => expect(document.querySelectorAll('.record').length).toBe(25));
    const firstPage = [...document.querySelectorAll('.record strong')].map((e) => e.textContent);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByText(/^Page 2/)).toBeTruthy());
    await waitFor(() => expect([...document.querySelectorAll('.record strong')].map((e) => e.textContent)).not.toEqual(firstPage));
  });

  it('filters by status, sending the filter to the service', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    await waitFor(() => expect(document.querySelectorAll('.record').length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'won' } });
    await waitFor(() => expect(wired.sandbox.log.at(-1)?.query).toContain('status_filter=won'));
    await waitFor(() => {
      const chips = [...document.querySelectorAll('.record .chip')].map((e) => e.textContent);
      expect(chips.length).toBeGreaterThan(0);
      expect(new Set(chips)).toEqual(new Set(['Won']));
    });
  });

  it('shows masked values as masked with the reason, never the placeholder', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    await screen.findByText(/Some details are masked/);
    expect(screen.getAllByText('Masked').length).toBeGreaterThan(0);
    expect(document.body.innerHTML).not.toMatch(/xxxx/);
  });

  it('finds a contact by search, blocks it only after a confirmation that says what it does, then shows the counts the service returned', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    fireEvent.input(screen.getByPlaceholderText('Search by name, company or email'), { target: { value: 'Marchal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect([...document.querySelectorAll('.record strong')].map((e) => e.textContent)).toEqual(['Léon Marchal']));
    const row = document.querySelector('.record') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Block' }));
    expect(within(row).getByText(/pending emails and letters are cancelled/)).toBeTruthy();
    expect(wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.id === 'ld_leonMrc1')?.status).not.toBe('block');
    fireEvent.click(within(row).getByRole('button', { name: 'Block this contact' }));
    await within(row).findByText(/^Léon Marchal blocked: \d+ duplicates blocked too, [1-9]\d* emails and \d+ letters cancelled\.$/);
    expect(wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.id === 'ld_leonMrc1')?.status).toBe('block');
  });

  it('reads again from the page, not the service, when the view is opened again within minutes; Refresh asks again', async () => {
    const wired = sandboxBackend();
    await configure();
    await open(wired, '#contacts');
    await waitFor(() => expect(document.querySelectorAll('.record').length).toBeGreaterThan(0));
    expect(contactRequests(wired)).toBe(1);
    fireEvent.click(within(nav()).getByRole('link', { name: 'Overview' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Overview'));
    fireEvent.click(within(nav()).getByRole('link', { name: 'Contacts' }));
    await waitFor(() => expect(document.querySelectorAll('.record').length).toBeGreaterThan(0));
    expect(contactRequests(wired)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(contactRequests(wired)).toBe(2));
  });
});

describe('first connection', () => {
  it('stays on Settings after Connect, showing that it worked, and then offers every view', async () => {
    const wired = sandboxBackend();
    await open(wired, '');
    fireEvent.input(screen.getByLabelText('Service URL'), { target: { value: 'https://app.service.example' } });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: DEMO_KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText(/^Connected\./);
    await waitFor(() => expect(within(nav()).getAllByRole('link').length).toBeGreaterThan(1));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Settings');
    expect(screen.getByText(/^Connected\./)).toBeTruthy();
  });
});

describe('contact profile links', () => {
  it("links to the canonical profile address rebuilt from the slug, never the service's value, and to nothing for another scheme", async () => {
    const wired = sandboxBackend();
    await configure();
    const contacts = wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts;
    contacts.forEach((c, i) => {
      c.network_url = i % 2 ? `javascript://www.linkedin.com/in/x${i}%0aalert(1)` : `https://fr.linkedin.com/in/Person-${i}/?trk=somewhere#top`;
    });
    await open(wired, '#contacts');
    await waitFor(() => expect(document.querySelectorAll('.record a').length).toBeGreaterThan(0));
    const hrefs = [...document.querySelectorAll('.record a')].map((a) => a.getAttribute('href'));
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/www\.linkedin\.com\/in\/person-\d+\/$/);
    expect(document.body.innerHTML).not.toMatch(/javascript|trk=/i);
  });
});
