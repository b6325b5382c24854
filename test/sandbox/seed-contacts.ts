// Demo contacts: the prospects of the seeded network actions, plus people showing every other
// status and source (contacts waiting for validation, won, lost, blocked, a duplicate by email…).
import type { SandboxAction } from './state';
import type { Contact, ContactSource, ContactStatus } from './records';
import { fold, slug } from './rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const A0 = 'ag_7Kq2mX9pLs'; // Prospection SaaS France: subscription, letters
export const A1 = 'ag_R4tVw8ZbNe'; // US Fintech Outreach: performance plan (masked contacts)
export const A2 = 'ag_H1cJ5yUoDq'; // Salons Lyon 2026: paused, older agent

const TARGETING: Record<string, Contact['agent_targeting']> = {
  [A0]: { id: 'tg_Sa4sFr01', name: 'Directeurs commerciaux SaaS, France' },
  [A2]: { id: 'tg_Ly0nEv02', name: 'Organisateurs de salons, Rhône' },
};
const AI_TARGETING = { id: 'tg_A1sMrt03', name: 'Ciblage IA : décideurs achats' };

/** Statuses of the 30 seeded actions' prospects, by the action's index (see seed.ts's PLAN). */
const ACTION_CONTACT_STATUS: ContactStatus[] = [
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'contact',
  'nurture',
  'nurture',
  'noanswer',
  'later',
  'nurture',
  'won',
  'noanswer',
  'nurture',
  'error',
  'contact',
  'contact',
  'contact',
];

const CITIES = [
  ['12 rue de la Paix', '75002', 'Paris'],
  ['4 quai Saint-Antoine', '69002', 'Lyon'],
  ['27 allée Jean Jaurès', '31000', 'Toulouse'],
  ['8 place Bellecour', '69002', 'Lyon'],
  ['15 cours Mirabeau', '13100', 'Aix-en-Provence'],
  ['3 rue Nationale', '59000', 'Lille'],
] as const;

/** A small initials avatar, so that the demo shows pictures without fetching anything. */
function avatar(first: string, last: string): string {
  const initials = `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="#0a66c2"/><text x="32" y="40" font-size="24" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const emailOf = (first: string, last: string, company: string): string =>
  `${slug(first).replace(/-/g, '')}.${slug(last).replace(/-/g, '')}@${slug(company).replace(/-/g, '')}.example`;

interface Spec {
  id: string;
  agent: string;
  first: string;
  last: string;
  job: string;
  company: string;
  status: ContactStatus;
  source: ContactSource;
  url?: string | null;
  phone?: string;
  noEmail?: boolean;
  daysAgo: number;
  touch?: Partial<Contact['touchpoints']>;
  draft?: Contact['draft'];
  postal?: number;
}

function contact(s: Spec, i: number, now: number): Contact {
  const named = s.status !== 'enrich';
  const created = now - s.daysAgo * DAY - i * HOUR;
  return {
    id: s.id,
    identifier: `crm-${1000 + i}`,
    agent_id: s.agent,
    // Not enriched yet: only the profile URL is known.
    firstname: named ? s.first : null,
    lastname: named ? s.last : null,
    job: named ? s.job : null,
    company: named ? s.company : null,
    status: s.status,
    source: s.source,
    relevance: named && s.status !== 'neutral' ? ((i * 7) % 10) + 1 : null,
    network_url: s.url === undefined ? `https://www.linkedin.com/in/${slug(`${s.first} ${s.last}`)}` : s.url,
    picture: i % 3 === 0 ? null : avatar(s.first, s.last),
    agent_targeting: s.source === 'smart_auto' ? AI_TARGETING : s.source === 'network_auto' ? (TARGETING[s.agent] ?? null) : null,
    contacts: [
      ...(s.noEmail || !named ? [] : [{ type: 'email' as const, value: emailOf(s.first, s.last, s.company) }]),
      ...(s.phone ? [{ type: 'phone' as const, value: s.phone }] : []),
    ],
    touchpoints: { email: false, email_answer: false, letter: false, network: false, letter_flash: false, returned_letter: false, ...s.touch },
    ai_context: i % 4 === 0 ? `Rencontré·e au salon ${fold(s.company).length % 2 ? 'VivaTech' : 'SaaS Summit'} ; intéressé·e par l'automatisation.` : null,
    custom_variables: s.agent === A0 ? { custom_offre: 'audit gratuit de prospection' } : {},
    postal: s.postal === undefined ? null : { line1: CITIES[s.postal]![0], zip: CITIES[s.postal]![1], city: CITIES[s.postal]![2], country: 'France' },
    created_at: created,
    updated_at: created + DAY,
    process_at: null,
    waiting_for_credits: false,
    draft: s.draft ?? null,
    decision: null,
  };
}

const draftFr = (first: string, company: string): Contact['draft'] => ({
  subject: `${company} et la prospection`,
  messages: {
    email_1: `Bonjour ${first},\n\nJ'ai vu que ${company} renforce son équipe commerciale. Nous proposons un audit gratuit de prospection. Un échange de 15 minutes la semaine prochaine ?`,
    follow_up_1: `Bonjour ${first}, je me permets de revenir vers vous au sujet de mon précédent message.`,
  },
});
const draftEn = (first: string, company: string): Contact['draft'] => ({
  subject: `Reconciliation at ${company}`,
  messages: {
    email_1: `Hi ${first},\n\nFintech teams like ${company}'s cut reconciliation time by half with us. Open to a 15-minute call next week?`,
    follow_up_1: `Hi ${first}, just bumping this up in case it got buried.`,
  },
});

/** People beyond the actions' prospects; ids are fixed so that emails and letters can name them. */
const EXTRAS: Spec[] = [
  {
    id: 'ld_leonMrc1',
    agent: A0,
    first: 'Léon',
    last: 'Marchal',
    job: 'CTO',
    company: 'Finaxo',
    status: 'validation',
    source: 'network_auto',
    daysAgo: 2,
    postal: 0,
    draft: draftFr('Léon', 'Finaxo'),
  },
  {
    id: 'ld_aurPtj2',
    agent: A0,
    first: 'Aurélie',
    last: 'Petitjean',
    job: 'Directrice administrative et financière',
    company: 'Batiplus',
    status: 'validation',
    source: 'smart_auto',
    daysAgo: 3,
    postal: 2,
    draft: draftFr('Aurélie', 'Batiplus'),
  },
  {
    id: 'ld_kevTrn3',
    agent: A1,
    first: 'Kevin',
    last: 'Tran',
    job: 'VP Sales',
    company: 'Paylane',
    status: 'validation',
    source: 'network_manual',
    daysAgo: 1,
    phone: '+1 415 555 0142',
    draft: draftEn('Kevin', 'Paylane'),
  },
  {
    id: 'ld_rchAdm4',
    agent: A1,
    first: 'Rachel',
    last: 'Adams',
    job: 'Head of Treasury',
    company: 'Moneta Bank',
    status: 'validation',
    source: 'network_manual',
    daysAgo: 2,
    draft: draftEn('Rachel', 'Moneta Bank'),
  },
  {
    id: 'ld_brnCrn5',
    agent: A2,
    first: 'Bruno',
    last: 'Caron',
    job: 'Directeur de salon',
    company: 'Eurexpo Services',
    status: 'validation',
    source: 'network_auto',
    daysAgo: 4,
    postal: 1,
    draft: draftFr('Bruno', 'Eurexpo Services'),
  },
  {
    id: 'ld_ndaBnl6',
    agent: A0,
    first: 'Nadia',
    last: 'Benali',
    job: 'Directrice des opérations',
    company: 'Transalpes',
    status: 'won',
    source: 'competitor',
    daysAgo: 20,
    postal: 3,
    phone: '+33 6 12 34 56 78',
  },
  {
    id: 'ld_prrLmr7',
    agent: A0,
    first: 'Pierre',
    last: 'Lemaire',
    job: 'Acheteur',
    company: 'Metalux',
    status: 'lost',
    source: 'manual',
    daysAgo: 25,
    url: null,
  },
  {
    id: 'ld_zoePrn8',
    agent: A0,
    first: 'Zoé',
    last: 'Perrin',
    job: 'Juriste',
    company: 'Cabinet Perrin',
    status: 'block',
    source: 'network_auto',
    daysAgo: 30,
    postal: 1,
  },
  {
    id: 'ld_gbrRch9',
    agent: A1,
    first: 'Gabriel',
    last: 'Roche',
    job: 'Analyst',
    company: 'Clearwise',
    status: 'cancelled',
    source: 'network_manual',
    daysAgo: 18,
  },
  {
    id: 'ld_amlBlc10',
    agent: A0,
    first: 'Amélie',
    last: 'Blanc',
    job: 'Consultante',
    company: 'Indépendante',
    status: 'neutral',
    source: 'network_auto',
    daysAgo: 6,
    noEmail: true,
  },
  { id: 'ld_smlChn11', agent: A0, first: 'Samuel', last: 'Cohen', job: '', company: '', status: 'enrich', source: 'network_manual', daysAgo: 0 },
  {
    id: 'ld_julBss12',
    agent: A0,
    first: 'Julie',
    last: 'Besson',
    job: 'Responsable marketing',
    company: 'Ecopack',
    status: 'later',
    source: 'smart_auto',
    daysAgo: 15,
  },
  {
    id: 'ld_mrcOlv13',
    agent: A0,
    first: 'Marc',
    last: 'Olivier',
    job: 'Gérant',
    company: 'Transalp Logistique',
    status: 'contact',
    source: 'inbound_email',
    daysAgo: 1,
    url: null,
  },
  {
    id: 'ld_ftmIdr14',
    agent: A1,
    first: 'Fatima',
    last: 'El Idrissi',
    job: 'Compliance Officer',
    company: 'Northbank',
    status: 'error',
    source: 'smart_auto',
    daysAgo: 3,
  },
  {
    id: 'ld_cmlDup15',
    agent: A2,
    first: 'Camille',
    last: 'Lefèvre',
    job: 'Directrice commerciale',
    company: 'Nuageo',
    status: 'contact',
    source: 'competitor',
    daysAgo: 5,
  },
  {
    id: 'ld_tomGrd16',
    agent: A1,
    first: 'Tom',
    last: 'Girard',
    job: 'Growth Lead',
    company: 'Spendly',
    status: 'noanswer',
    source: 'network_manual',
    daysAgo: 28,
    touch: { email: true },
  },
];

/** The demo account's contacts: one per seeded action, then the extras. */
export function seedContacts(now: number, actions: SandboxAction[]): Contact[] {
  const fromActions = actions.map(
    (a, i): Spec => ({
      id: a.contact.id,
      agent: a.agent_id,
      first: a.contact.firstname,
      last: a.contact.lastname,
      job: a.contact.job,
      company: a.contact.company,
      status: ACTION_CONTACT_STATUS[i] ?? 'contact',
      source: a.agent_id === A1 ? 'network_manual' : i % 5 === 3 ? 'smart_auto' : 'network_auto',
      url: a.contact.network_url,
      daysAgo: 11 + (i % 5),
      postal: a.agent_id === A1 ? undefined : i % CITIES.length,
      phone: i % 6 === 0 ? `+33 6 ${String(10 + i).padStart(2, '0')} 45 67 89` : undefined,
    }),
  );
  // The duplicate shares Camille Lefèvre's email (the first action's prospect): blocking one blocks both.
  return [...fromActions, ...EXTRAS].map((s, i) => contact(s, i, now));
}

/** The other account: one contact processed, one stored while the account had no credits. */
export function seedOtherContacts(now: number, agentId: string): Contact[] {
  return [
    contact(
      {
        id: 'ld_oth3rA',
        agent: agentId,
        first: 'Robin',
        last: 'Hale',
        job: 'CEO',
        company: 'Halecraft',
        status: 'contact',
        source: 'network_manual',
        daysAgo: 3,
      },
      0,
      now,
    ),
    {
      ...contact(
        { id: 'ld_oth3rB', agent: agentId, first: 'Sam', last: 'Doe', job: '', company: '', status: 'enrich', source: 'network_manual', daysAgo: 1 },
        1,
        now,
      ),
      waiting_for_credits: true,
    },
  ];
}
