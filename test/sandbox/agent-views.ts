// Per-agent reads (spec 000, ops 6, 7 and 22): statistics counted from the account's records,
// reflexes with their 5 latest executions (400 for older agents), and the booking history.
import { Refusal } from './state';
import type { CalendarEvent, Email } from './records';
import { REFLEXES_SINCE } from './records';
import { findContact } from './contact-view';
import { findAgent, iso, ok, oneOf, paginate, type Answer, type Call } from './rules';

const STAT_PERIODS = ['7d', '14d', '30d', '60d', '90d', '120d', '180d', '365d'] as const;
const DAY = 86_400_000;

/**
 * The share of the people written to in the period who answered with a real reply (at any time
 * since): at most 100 %, unlike replies in the period over emails sent in it, which a short
 * period can tip over (answers to emails sent before it).
 */
function replyRate(emails: Email[], within: (t: number | null) => boolean): number | null {
  const written = new Set(emails.filter((e) => e.direction === 'outbound' && e.status === 'sent' && within(e.at)).map((e) => e.lead_id));
  if (!written.size) return null;
  const real = (e: Email) => e.direction === 'inbound' && e.classification !== 'auto_reply' && e.classification !== 'antispam';
  const answered = [...written].filter((id) => emails.some((e) => real(e) && e.lead_id === id)).length;
  return Math.round((answered / written.size) * 1000) / 10;
}

/** Op 6. `period` defaults to 30d. `received` counts real replies only (no auto-replies, antispam or unattributed mail). */
export function agentStats({ account, id, query, now }: Call): Answer {
  const agent = findAgent(account, id);
  const period = oneOf(query, 'period', STAT_PERIODS) ?? '30d';
  const from = now - parseInt(period, 10) * DAY;
  const within = (t: number | null) => t !== null && t > from && t <= now;
  const { contacts, emails, letters, events } = account.book;
  const mine = <T extends { agent_id: string | null }>(xs: T[]) => xs.filter((x) => x.agent_id === agent.id);
  const inbound = mine(emails).filter((e) => e.direction === 'inbound' && e.lead_id !== null && within(e.at));
  const received = inbound.filter((e) => e.classification !== 'auto_reply' && e.classification !== 'antispam').length;
  const emailsSent = mine(emails).filter((e) => e.direction === 'outbound' && e.status === 'sent' && within(e.at)).length;
  return ok({
    data: {
      agent_id: agent.id,
      period,
      from: iso(from),
      to: iso(now),
      contacts_added: mine(contacts).filter((c) => within(c.created_at)).length,
      emails_sent: emailsSent,
      received,
      interested: inbound.filter((e) => e.classification === 'interested').length,
      reply_rate: replyRate(mine(emails), within),
      letters_sent: mine(letters).filter((l) => within(l.sent_at)).length,
      letters_delivered: mine(letters).filter((l) => within(l.delivered_at)).length,
      qr_scanned: mine(letters).filter((l) => within(l.scanned_at)).length,
      network_invitations_sent: account.actions.filter((a) => a.agent_id === agent.id && within(a.sent_at)).length,
      meetings: mine(events).filter((e) => within(e.created_at)).length,
      won: mine(contacts).filter((c) => c.status === 'won' && within(c.updated_at)).length,
    },
  });
}

/** Op 7. Older agents (created before the sandbox's cut-off) answer 400 with `error`. */
export function agentReflexes({ account, id, now }: Call): Answer {
  const agent = findAgent(account, id);
  const profile = account.book.profiles[agent.id];
  if (!profile || profile.created_at < REFLEXES_SINCE) {
    throw new Refusal(400, {
      success: false,
      message: 'Reflexes are only available on recent agents.',
      error: 'Reflexes are only available on recent agents.',
    });
  }
  const reflexes = account.book.reflexes.filter((r) => r.agent_id === agent.id);
  return ok({
    data: reflexes.map((r) => {
      const runs = [...r.executions].sort((a, b) => b.executed_at - a.executed_at);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        status: r.status,
        is_protected: r.is_protected,
        created_at: iso(r.created_at),
        stats: {
          triggered_total: runs.length,
          triggered_last_30_days: runs.filter((x) => x.executed_at > now - 30 * DAY).length,
          last_triggered_at: iso(runs[0]?.executed_at ?? null),
        },
        executions: runs.slice(0, 5).map((x) => ({
          id: x.id,
          lead_id: x.lead_id,
          prospect_name: x.prospect_name,
          company: x.company,
          ai_analysis: x.ai_analysis,
          executed_at: iso(x.executed_at),
        })),
      };
    }),
  });
}

function eventJson(call: Call, e: CalendarEvent) {
  const lead = e.lead_id ? findContact(call.account, e.lead_id) : undefined;
  return {
    id: e.id,
    agent_id: e.agent_id,
    lead_id: e.lead_id,
    status: e.status,
    meeting_mode: e.meeting_mode,
    meeting_url: e.meeting_url,
    phone: e.phone,
    contact_email: e.contact_email,
    contact_firstname: lead?.firstname ?? null,
    contact_lastname: lead?.lastname ?? null,
    starts_at: iso(e.starts_at),
    ends_at: iso(e.starts_at + e.duration_minutes * 60_000),
    duration_minutes: e.duration_minutes,
    created_at: iso(e.created_at),
  };
}

/** Op 22: newest booking first; per_page 1 to 50. */
export function calendarEvents(call: Call): Answer {
  const agent = findAgent(call.account, call.id);
  const events = call.account.book.events.filter((e) => e.agent_id === agent.id).sort((a, b) => b.created_at - a.created_at);
  const { data, meta } = paginate(events, call.query, 50);
  return ok({ data: data.map((e) => eventJson(call, e)), meta });
}
