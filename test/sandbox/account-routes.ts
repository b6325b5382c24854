// Routes of the account's operations (spec 000, ops 2 to 22), under {base}/api/api.
//
// The spec states the method of ops 2, 4 and 19 only (GET). For the others the sandbox answers to
// one method each, the most plausible for a REST service (405 with Allow otherwise), and a test or
// the demo may change any of them with the `methods` option, as for the network routes:
//   GET    2 /contacts, 4 /campaigns/{id}/settings, 6 /agents/{id}/stats, 7 /agents/{id}/reflexes,
//          8 /emails, 9 /emails/to-validate, 10 /emails/to-handle, 15 /letters,
//          16 /letters/to-validate, 19 /blocklist, 22 /agents/{id}/calendar-events
//   POST   3 /campaigns/{id}/contacts, 5 /contacts/{id}/block, 11 /emails/validate/{id},
//          12 /emails/reject/{id}, 13 /emails/validate-response/{id}, 14 /emails/skip-response/{id},
//          17 /letters/validate/{id}, 18 /letters/reject/{id}, 20 /blocklist
//   DELETE 21 /blocklist
// Aliases: only where the spec states one (6 and 22 also under /campaigns/{id}/...). Ops 3 and 4
// exist only under /campaigns, op 7 only under /agents.
import type { Method } from './app';
import type { Account } from './state';
import { addContact, agentSettings, processAddedContacts } from './add-contact';
import { agentReflexes, agentStats, calendarEvents } from './agent-views';
import { addBlocklist, listBlocklist, removeBlocklist } from './blocklist';
import { blockContact, listContacts } from './contacts';
import { skipResponse, validateResponse } from './email-replies';
import { finalizeEmailDecisions, rejectEmail, validateEmail } from './email-validation';
import { emailsToHandle, emailsToValidate, listEmails } from './emails';
import { finalizeLetterDecisions, lettersToValidate, listLetters, rejectLetter, validateLetter } from './letters';
import type { Answer, Call } from './rules';

const HANDLERS = {
  listContacts,
  addContact,
  agentSettings,
  blockContact,
  agentStats,
  agentReflexes,
  listEmails,
  emailsToValidate,
  emailsToHandle,
  validateEmail,
  rejectEmail,
  validateEmailResponse: validateResponse,
  skipEmailResponse: skipResponse,
  listLetters,
  lettersToValidate,
  validateLetter,
  rejectLetter,
  listBlocklist,
  addBlocklist,
  removeBlocklist,
  calendarEvents,
} satisfies Record<string, (call: Call) => Answer>;

export type AccountRouteName = keyof typeof HANDLERS;

export const ACCOUNT_METHODS: Record<AccountRouteName, Method> = {
  listContacts: 'GET',
  addContact: 'POST',
  agentSettings: 'GET',
  blockContact: 'POST',
  agentStats: 'GET',
  agentReflexes: 'GET',
  listEmails: 'GET',
  emailsToValidate: 'GET',
  emailsToHandle: 'GET',
  validateEmail: 'POST',
  rejectEmail: 'POST',
  validateEmailResponse: 'POST',
  skipEmailResponse: 'POST',
  listLetters: 'GET',
  lettersToValidate: 'GET',
  validateLetter: 'POST',
  rejectLetter: 'POST',
  listBlocklist: 'GET',
  addBlocklist: 'POST',
  removeBlocklist: 'DELETE',
  calendarEvents: 'GET',
};

const ID = '([^/]+)';

/** Paths after /api/api. Ops 19 to 21 share /blocklist: the method tells them apart. */
export const ACCOUNT_ROUTES: Array<{ name: AccountRouteName; area: 'api'; pattern: RegExp }> = [
  { name: 'listContacts', area: 'api', pattern: /^\/contacts$/ },
  { name: 'addContact', area: 'api', pattern: new RegExp(`^/campaigns/${ID}/contacts$`) },
  { name: 'agentSettings', area: 'api', pattern: new RegExp(`^/campaigns/${ID}/settings$`) },
  { name: 'blockContact', area: 'api', pattern: new RegExp(`^/contacts/${ID}/block$`) },
  { name: 'agentStats', area: 'api', pattern: new RegExp(`^/(?:agents|campaigns)/${ID}/stats$`) },
  { name: 'agentReflexes', area: 'api', pattern: new RegExp(`^/agents/${ID}/reflexes$`) },
  { name: 'listEmails', area: 'api', pattern: /^\/emails$/ },
  { name: 'emailsToValidate', area: 'api', pattern: /^\/emails\/to-validate$/ },
  { name: 'emailsToHandle', area: 'api', pattern: /^\/emails\/to-handle$/ },
  { name: 'validateEmail', area: 'api', pattern: new RegExp(`^/emails/validate/${ID}$`) },
  { name: 'rejectEmail', area: 'api', pattern: new RegExp(`^/emails/reject/${ID}$`) },
  { name: 'validateEmailResponse', area: 'api', pattern: new RegExp(`^/emails/validate-response/${ID}$`) },
  { name: 'skipEmailResponse', area: 'api', pattern: new RegExp(`^/emails/skip-response/${ID}$`) },
  { name: 'listLetters', area: 'api', pattern: /^\/letters$/ },
  { name: 'lettersToValidate', area: 'api', pattern: /^\/letters\/to-validate$/ },
  { name: 'validateLetter', area: 'api', pattern: new RegExp(`^/letters/validate/${ID}$`) },
  { name: 'rejectLetter', area: 'api', pattern: new RegExp(`^/letters/reject/${ID}$`) },
  { name: 'listBlocklist', area: 'api', pattern: /^\/blocklist$/ },
  { name: 'addBlocklist', area: 'api', pattern: /^\/blocklist$/ },
  { name: 'removeBlocklist', area: 'api', pattern: /^\/blocklist$/ },
  { name: 'calendarEvents', area: 'api', pattern: new RegExp(`^/(?:agents|campaigns)/${ID}/calendar-events$`) },
];

export const answerAccountRoute = (name: AccountRouteName, call: Call): Answer => HANDLERS[name](call);

/** What sandbox time has done since the last request: processed contacts, final decisions. */
export function advanceAccount(account: Account, now: number): void {
  processAddedContacts(account, now);
  finalizeEmailDecisions(account, now);
  finalizeLetterDecisions(account, now);
}
