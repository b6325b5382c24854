import type { Account, NetworkAction } from '../../lib/api/schemas';
import { t } from '../../lib/extension/i18n';
import { agentChoices } from './agent-names';

interface Props {
  id: string;
  /** The agent chosen, or '' for every agent. */
  value: string;
  onChange(agentId: string): void;
  account: Account | undefined;
  /** Agents seen on the listed invitations, offered when the account is not known yet. */
  actions?: NetworkAction[];
}

/** Which agent's invitations to list: every agent, or one (the popup's filter and the settings'). */
export function AgentSelect({ id, value, onChange, account, actions = [] }: Props) {
  const choices = agentChoices(account, actions);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{t('popup.allAgents')}</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
        </option>
      ))}
      {/* A filter saved for an agent the account no longer lists stays visible, not silently dropped. */}
      {value && !choices.some((c) => c.id === value) && <option value={value}>{value}</option>}
    </select>
  );
}
