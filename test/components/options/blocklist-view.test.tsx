// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewCache } from '../../../components/options/use-view-data';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function openBlocklist() {
  const wired = sandboxBackend();
  await configure();
  await renderOptionsAt(wired, '#blocklist');
  await waitFor(() => expect(document.querySelectorAll('.record').length).toBeGreaterThan(0));
  return wired;
}

const entries = (wired: ReturnType<typeof sandboxBackend>) => wired.sandbox.accounts.get(DEMO_KEY)!.book.blocklist;
const form = () => screen.getByRole('form', { name: 'Add to the blocklist' });

describe('blocklist view', () => {
  it.each([
    ['Someone@Example.org', 'Email address', 'someone@example.org'],
    ['https://www.rival-corp.example/about', 'Domain', 'rival-corp.example'],
    ['Groupe Rival', 'Company', 'Groupe Rival'],
    ['123 456 789', 'SIREN number', '123456789'],
  ])('adds %j with the type it detects, shown before saving', async (typed, type, value) => {
    const wired = await openBlocklist();
    fireEvent.input(within(form()).getByLabelText('Value'), { target: { value: typed } });
    expect(within(form()).getByText(`Will be added as ${type}: ${value}`)).toBeTruthy();
    fireEvent.click(within(form()).getByRole('button', { name: 'Add' }));
    await within(form()).findByText(`${value} is on the blocklist.`);
    expect(entries(wired).some((e) => e.value === value)).toBe(true);
  });

  it('builds an address entry from first name, last name and postcode, accents folded', async () => {
    const wired = await openBlocklist();
    fireEvent.change(within(form()).getByLabelText('Type'), { target: { value: 'address' } });
    fireEvent.input(within(form()).getByLabelText('First name'), { target: { value: 'Élodie' } });
    fireEvent.input(within(form()).getByLabelText('Last name'), { target: { value: "D'Arçon" } });
    fireEvent.input(within(form()).getByLabelText('Postcode'), { target: { value: '69 002' } });
    expect(within(form()).getByText('Will be added as Person and postcode: elodie|darcon|69002')).toBeTruthy();
    fireEvent.click(within(form()).getByRole('button', { name: 'Add' }));
    await within(form()).findByText('elodie|darcon|69002 is on the blocklist.');
    expect(entries(wired).some((e) => e.type === 'address' && e.value === 'elodie|darcon|69002')).toBe(true);
  });

  it('refuses an invalid value with a clear error before any request', async () => {
    const wired = await openBlocklist();
    const before = wired.sandbox.log.length;
    fireEvent.change(within(form()).getByLabelText('Type'), { target: { value: 'siren' } });
    fireEvent.input(within(form()).getByLabelText('Value'), { target: { value: '12345' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(within(form()).getByRole('alert').textContent).toContain('This is not a valid SIREN number');
    expect(wired.sandbox.log.length).toBe(before);
  });

  it('removes an entry by its id', async () => {
    const wired = await openBlocklist();
    // A seeded entry, found by its value: rows an earlier test added may still be listed from this
    // file's storage, and this test must not depend on which tests ran before it.
    const value = entries(wired)[0]!.value;
    const row = [...document.querySelectorAll<HTMLElement>('.record')].find((r) => r.querySelector('strong')?.textContent === value)!;
    fireEvent.click(within(row).getByRole('button', { name: `Remove ${value} from the blocklist` }));
    await waitFor(() => expect(entries(wired).some((e) => e.value === value)).toBe(false));
    expect(wired.sandbox.log.find((l) => l.route === 'removeBlocklist')?.query).toMatch(/^\?id=/);
  });
});
