// Demo records beyond network actions: what each agent is set up with, the blocklist (every type),
// bookings (both modes, every status), reflexes with executions, and credits.
import type { SandboxAction, SandboxAgent } from './state';
import type { AccountBook, AgentProfile, CalendarEvent, Contact, Reflex } from './records';
import { A0, A1, A2, seedContacts, seedOtherContacts } from './seed-contacts';
import { seedEmails, seedLetters } from './seed-mail';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const BASE_FIELDS = ['firstname', 'lastname', 'job', 'company'];

function profiles(): Record<string, AgentProfile> {
  return {
    [A0]: {
      billing: 'subscription',
      created_at: Date.parse('2025-06-02T09:00:00Z'),
      source: 'network_auto',
      language: 'fr',
      letters_enabled: true,
      network_enabled: true,
      calendar_synced: true,
      custom_variables: [{ name: 'custom_offre', label: 'Offre à mettre en avant', used_in: ['emails', 'letters'] }],
      email_fields: [...BASE_FIELDS, 'custom_offre'],
      letter_fields: [...BASE_FIELDS, 'address', 'custom_offre'],
    },
    [A1]: {
      billing: 'performance',
      created_at: Date.parse('2025-09-15T09:00:00Z'),
      source: 'network_manual',
      language: 'en',
      letters_enabled: true,
      network_enabled: true,
      calendar_synced: false,
      custom_variables: [],
      email_fields: BASE_FIELDS,
      letter_fields: [...BASE_FIELDS, 'address'],
    },
    [A2]: {
      billing: 'subscription',
      created_at: Date.parse('2024-05-20T09:00:00Z'),
      source: 'network_auto',
      language: 'fr',
      letters_enabled: true,
      network_enabled: true,
      calendar_synced: true,
      custom_variables: [{ name: 'custom_salon', label: 'Salon concerné', used_in: ['letters'] }],
      email_fields: BASE_FIELDS,
      letter_fields: [...BASE_FIELDS, 'address', 'custom_salon'],
    },
  };
}

function events(now: number, actions: SandboxAction[]): CalendarEvent[] {
  const lead = (i: number) => actions[i]!.contact.id;
  const e = (
    id: string,
    agent: string,
    leadId: string | null,
    mode: 'visio' | 'phone',
    status: CalendarEvent['status'],
    inDays: number,
    bookedDaysAgo: number,
    email: string,
  ): CalendarEvent => ({
    id,
    agent_id: agent,
    lead_id: leadId,
    meeting_mode: mode,
    meeting_url: mode === 'visio' && status === 'success' ? `https://meet.example.com/${id.slice(3)}-demo` : null,
    phone: mode === 'phone' ? '+33 6 98 76 54 32' : null,
    status,
    contact_email: email,
    starts_at: now + inDays * DAY + 10 * HOUR,
    duration_minutes: 30,
    created_at: now - bookedDaysAgo * DAY,
  });
  return [
    e('ev_vis01', A0, lead(19), 'visio', 'success', 2, 1, 'julien.moreau@facturly.example'),
    e('ev_phn02', A0, 'ld_ndaBnl6', 'phone', 'success', 1, 3, 'nadia.benali@transalpes.example'),
    e('ev_vis03', A0, null, 'visio', 'failed', 4, 0.5, 'visitor@unknown-company.example'),
    e('ev_old04', A0, lead(22), 'visio', 'success', -150, 160, 'marc@olden.example'),
    e('ev_vis05', A1, lead(23), 'visio', 'calendar_disconnected', 3, 2, 'emily.walsh@coinpath.example'),
    e('ev_phn06', A1, null, 'phone', 'calendar_disconnected', 5, 1, 'caller@paylane.example'),
    e('ev_vis07', A2, lead(25), 'visio', 'success', -20, 25, 'mathilde.rousseau@foiresdelyon.example'),
  ];
}

function reflexes(now: number, actions: SandboxAction[]): Reflex[] {
  const run = (n: number, i: number, daysAgo: number, analysis: string) => {
    const c = actions[i]!.contact;
    return {
      id: `rx_run${n}`,
      lead_id: c.id,
      prospect_name: `${c.firstname} ${c.lastname}`,
      company: c.company,
      ai_analysis: analysis,
      executed_at: now - daysAgo * DAY,
    };
  };
  return [
    {
      id: 'rf_price01',
      agent_id: A0,
      name: 'Objection sur le prix',
      status: 'active',
      is_protected: true,
      created_at: now - 120 * DAY,
      description: 'Quand un prospect trouve l’offre trop chère, propose l’audit gratuit et un paiement mensuel.',
      executions: [
        run(1, 19, 1, 'Le prospect compare avec un concurrent moins cher ; sensible au paiement mensuel.'),
        run(2, 20, 3, 'Budget gelé jusqu’au prochain trimestre ; proposer l’audit gratuit maintenant.'),
        run(3, 22, 6, 'Demande de remise ; équipe de 4 commerciaux.'),
        run(4, 24, 9, 'Trouve le prix élevé pour une petite équipe.'),
        run(5, 0, 14, 'Question sur le coût par commercial.'),
        run(6, 1, 21, 'Compare avec un outil gratuit.'),
        run(7, 5, 40, 'Hésite entre deux formules.'),
      ],
    },
    {
      id: 'rf_job02',
      agent_id: A0,
      name: 'Changement de poste',
      status: 'active',
      is_protected: false,
      created_at: now - 60 * DAY,
      description: 'Quand le prospect change de poste, le féliciter et reprendre contact.',
      executions: [run(8, 7, 2, 'Nommée directrice commerciale il y a 3 semaines.'), run(9, 9, 12, 'A rejoint une scale-up en croissance.')],
    },
    {
      id: 'rf_site03',
      agent_id: A0,
      name: 'Visite du site sans réponse',
      status: 'paused',
      is_protected: false,
      created_at: now - 30 * DAY,
      description: 'Relance quand le prospect visite la page tarifs sans répondre.',
      executions: [],
    },
    {
      id: 'rf_fund04',
      agent_id: A1,
      name: 'Funding round follow-up',
      status: 'active',
      is_protected: true,
      created_at: now - 90 * DAY,
      description: 'When the prospect’s company announces a funding round, send congratulations with a tailored use case.',
      executions: [
        run(10, 18, 2, 'Series B announced last week; hiring in finance ops.'),
        run(11, 21, 8, 'Seed extension; small team, founder-led sales.'),
        run(12, 23, 15, 'Series A; expanding to Europe.'),
      ],
    },
    {
      id: 'rf_comp05',
      agent_id: A1,
      name: 'Competitor mention',
      status: 'active',
      is_protected: false,
      created_at: now - 45 * DAY,
      description: 'When a reply mentions a competitor, answer with a comparison sheet.',
      executions: [run(13, 27, 4, 'Mentions using a spreadsheet-based competitor; pain with reconciliation.')],
    },
  ];
}

/** A credit for each contact added by hand that was processed (one still waiting has spent none). */
const consumed = (contacts: Contact[]) => contacts.filter((c) => c.source === 'network_manual' && !c.waiting_for_credits).length;

export function seedDemoBook(now: number, actions: SandboxAction[]): AccountBook {
  const contacts = seedContacts(now, actions);
  return {
    profiles: profiles(),
    leads_available_service: consumed(contacts),
    credits: 25,
    contacts,
    emails: seedEmails(now, contacts, actions),
    letters: seedLetters(now, contacts, actions),
    blocklist: [
      { id: 'bl_em01', type: 'email', value: 'zoe.perrin@cabinetperrin.example', created_at: now - 29 * DAY },
      { id: 'bl_em02', type: 'email', value: 'no-contact@rivalsoft.example', created_at: now - 50 * DAY },
      { id: 'bl_dm03', type: 'domain', value: 'concurrent-direct.example', created_at: now - 40 * DAY },
      { id: 'bl_co04', type: 'company', value: 'Groupe Concurrent', created_at: now - 35 * DAY },
      { id: 'bl_sr05', type: 'siren', value: '552100554', created_at: now - 20 * DAY },
      { id: 'bl_ad06', type: 'address', value: 'zoe|perrin|69002', created_at: now - 29 * DAY },
      { id: 'bl_ad07', type: 'address', value: 'jean-francois|lefevre|75011', created_at: now - 10 * DAY },
    ],
    events: events(now, actions),
    reflexes: reflexes(now, actions),
    next: 0,
  };
}

/** The other account: out of credits, so op 3 stores contacts without processing them. */
export function seedOtherBook(now: number, agents: SandboxAgent[]): AccountBook {
  const agent = agents[0]!.id;
  const otherContacts = seedOtherContacts(now, agent);
  return {
    profiles: {
      [agent]: {
        billing: 'subscription',
        created_at: Date.parse('2025-03-01T09:00:00Z'),
        source: 'network_manual',
        language: 'en',
        letters_enabled: false,
        network_enabled: true,
        calendar_synced: false,
        custom_variables: [],
        email_fields: BASE_FIELDS,
        letter_fields: [],
      },
    },
    leads_available_service: consumed(otherContacts),
    credits: 0,
    contacts: otherContacts,
    emails: [],
    letters: [],
    blocklist: [],
    events: [],
    reflexes: [],
    next: 0,
  };
}
