// The Agents view's statistics (op 6) in words. The spec names none of the answer's fields but
// `received`, so names are matched loosely (`emails_sent`, `emails.sent`, `sent_emails` alike);
// a figure the extension does not know keeps its own name, made readable.

/** The locale key of each figure the extension can name, by its name with separators folded to `_`. */
const WORDS: Record<string, string> = {
  contacts: 'agents.figure.contacts',
  contacts_total: 'agents.figure.contacts',
  contacts_added: 'agents.figure.contactsAdded',
  emails_sent: 'agents.figure.emailsSent',
  sent_emails: 'agents.figure.emailsSent',
  received: 'agents.figure.emailsReceived',
  emails_received: 'agents.figure.emailsReceived',
  interested: 'agents.figure.interested',
  emails_interested: 'agents.figure.interested',
  reply_rate: 'agents.figure.replyRate',
  emails_reply_rate: 'agents.figure.replyRate',
  letters_sent: 'agents.figure.lettersSent',
  letters_delivered: 'agents.figure.lettersDelivered',
  qr_scanned: 'agents.figure.qrScanned',
  letters_qr_scanned: 'agents.figure.qrScanned',
  network_invitations_sent: 'agents.figure.invitationsSent',
  invitations_sent: 'agents.figure.invitationsSent',
  linkedin_invitations_sent: 'agents.figure.invitationsSent',
  meetings: 'agents.figure.meetings',
  meetings_total: 'agents.figure.meetings',
  won: 'agents.figure.won',
  contacts_won: 'agents.figure.won',
};

export interface Figure {
  path: string;
  /** A locale key when the extension knows the figure, else null (show `label`). */
  key: string | null;
  /** The figure's own name made readable, for figures without words. */
  label: string;
  value: number;
  /** A rate in percent: shown with its sign and never drawn on the counts' scale. */
  rate: boolean;
}

function folded(path: string): string {
  return path.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** The figures in the order of the answer, each named, rates told from counts. */
export function agentFigures(all: Record<string, number>, most = 24): Figure[] {
  return Object.entries(all)
    .slice(0, most)
    .map(([path, value]) => {
      const name = folded(path);
      return {
        path,
        key: WORDS[name] ?? null,
        label: path.replaceAll('_', ' ').replaceAll('.', ' › '),
        value,
        rate: /(^|_)(rate|ratio|percent|percentage|pct)$/.test(name),
      };
    });
}

/** The longest bar's value: counts only, so a rate of 140 (%) does not flatten the counts. */
export function countScale(figures: readonly Figure[]): number {
  return Math.max(1, ...figures.filter((f) => !f.rate).map((f) => f.value));
}

/** `30d` as a number of days, for "Last 30 days"; null for a period of another form. */
export function periodDays(period: string | undefined): number | null {
  const m = period ? /^(\d+)\s*d$/i.exec(period.trim()) : null;
  return m ? Number(m[1]) : null;
}
