// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentSelect } from '../../../components/shared/agent-select';
import type { Account, NetworkAction } from '../../../lib/api/schemas';

const account: Account = {
  user: {},
  agents: [
    { id: 'ag_1', name: 'SaaS France', status: 'active', isActive: true, internalNote: null },
    { id: 'ag_2', status: 'paused', isActive: false, internalNote: 'Salons Lyon' },
  ],
};

afterEach(cleanup);

describe('AgentSelect', () => {
  it('lists every agent by the name a person knows it by, and reports the one chosen', () => {
    const onChange = vi.fn();
    render(<AgentSelect id="a" value="" onChange={onChange} account={account} />);
    const select = screen.getByRole('combobox');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All agents', 'SaaS France', 'Salons Lyon']);
    fireEvent.change(select, { target: { value: 'ag_2' } });
    expect(onChange).toHaveBeenCalledWith('ag_2');
  });

  it('offers the agents seen on the invitations while the account is not known', () => {
    const actions = [{ id: 'x', message: null, agentId: 'ag_9', agentName: 'Fintech US', prospect: {} }] as NetworkAction[];
    render(<AgentSelect id="a" value="" onChange={() => undefined} account={undefined} actions={actions} />);
    expect(screen.getByRole('option', { name: 'Fintech US' })).toBeTruthy();
  });

  it('keeps a saved filter for an agent no longer listed visible rather than dropping it', () => {
    render(<AgentSelect id="a" value="ag_gone" onChange={() => undefined} account={account} />);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('ag_gone');
  });
});
