// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportView } from '../../../components/report/report-view';
import { readPage } from '../../../lib/page/reader/read-page';
import { reportPage } from '../../../lib/page/report/scrub';
import { loadReport } from '../../fixtures/pages/load';
import { profilePage } from '../../fixtures/profile-page';

afterEach(cleanup);

/** The report of an older-layout connection, made from a page parsed apart (the tab's document). */
function report() {
  const html = profilePage({ slug: 'ximena-q-7f3a', name: 'Ximena Quarrington', card: 'connected', layout: 'older', messagePrimary: true });
  return reportPage(new DOMParser().parseFromString(html, 'text/html'), { slug: 'ximena-q-7f3a', name: 'Ximena Quarrington' });
}

describe('the report page', () => {
  it('shows the scrubbed copy before anything is saved, and saves it with the state the person chose written in', async () => {
    const saved: [string, string][] = [];
    render(<ReportView read={async () => report()} save={(html, name) => saved.push([html, name])} />);
    const preview = (await screen.findByLabelText('The scrubbed copy')) as HTMLTextAreaElement;
    expect(preview.value).toContain('<meta name="expected-state" content="connected">');
    expect(preview.value).not.toMatch(/ximena|quarrington/i);
    expect(screen.getByText('The assistant read: Already connected.')).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByRole('combobox', { name: 'What the page actually shows' }), { target: { value: 'pending' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the file' }));
    expect(saved).toHaveLength(1);
    const [html, name] = saved[0]!;
    expect(name).toBe('page-report-pending.html');
    expect(html).toBe(preview.value);
    const back = loadReport(html);
    expect(back.expected).toBe('pending');
    expect(readPage(back.doc, back.who).state).toBe('connected');
    expect(screen.getByRole('status').textContent).toMatch(/Nothing was sent/);
  });

  it('says so in plain words when the profile’s tab cannot be read', async () => {
    render(<ReportView read={() => Promise.reject(new Error('No tab with id: 12'))} />);
    expect(await screen.findByText(/Could not read the profile's tab/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the file' })).toBeNull();
  });
});
