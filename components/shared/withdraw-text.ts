// The words for a withdrawal from the Sent invitations page (the `withdraw` message's reply, and
// the step under way that lib/store/storage.ts's withdrawalsItem keeps): for the desk's view, in plain
// words, never the technical evidence (that goes behind Details).
import type { WithdrawReply } from '../../lib/background/sent-invitations';
import { camel, t } from '../../lib/extension/i18n';
import type { WithdrawStep } from '../../lib/sent-invitations/in-tab/withdraw';
import { clockText, dayText } from './time-text';

/** A day as the person's language writes it in full ("November 20, 2026"): when a withdrawal was recorded. */
export const dayOf = dayText;

const timeOf = (at: number) => clockText(at, true);

/** What the person reads once a withdrawal answered. */
export function withdrawText(reply: WithdrawReply): string {
  switch (reply.state) {
    case 'wait':
      return t('withdraw.wait', [timeOf(reply.until)]);
    case 'not-sure':
      return t(`withdraw.notSure.${camel(reply.why)}`);
    default:
      return t(`withdraw.${camel(reply.state)}`);
  }
}

/** What the person does now while a withdrawal is under way (`name`: the row's person). */
export const withdrawStepText = (step: WithdrawStep, name: string): string => t(`withdraw.step.${camel(step)}`, [name]);
