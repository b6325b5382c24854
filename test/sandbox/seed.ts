// Demo data: three agents (one paused) and about thirty actions across every status.
import type { SandboxAction, SandboxAgent } from './state';

export const DEMO_KEY = 'demo-key-3f9c2a7b51e84d06';
export const OTHER_KEY = 'demo-key-other-account-77e1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function seedAgents(): SandboxAgent[] {
  return [
    { id: 'ag_7Kq2mX9pLs', name: 'Prospection SaaS France', status: 'active', internal_note: 'SaaS FR' },
    { id: 'ag_R4tVw8ZbNe', name: 'US Fintech Outreach', status: 'active', internal_note: 'Fintech US' },
    { id: 'ag_H1cJ5yUoDq', name: 'Salons Lyon 2026', status: 'paused', internal_note: 'Événementiel' },
  ];
}

interface Person {
  first: string;
  last: string;
  slug: string;
  job: string;
  company: string;
}

const PEOPLE: Person[] = [
  { first: 'Camille', last: 'Lefèvre', slug: 'camille-lefevre-4a1b2c', job: 'Directrice commerciale', company: 'Nuageo' },
  { first: 'Julien', last: 'Moreau', slug: 'julienmoreau', job: 'Head of Sales', company: 'Facturly' },
  { first: 'Sarah', last: 'Chen', slug: 'sarah-chen-fintech', job: 'VP Partnerships', company: 'LedgerLoop' },
  { first: 'Marcus', last: 'Johnson', slug: 'marcus-johnson-23b', job: 'Chief Revenue Officer', company: 'PayStack Labs' },
  { first: 'Élodie', last: 'Garnier', slug: '%C3%A9lodie-garnier', job: 'CEO', company: 'Événements Rhône' },
  { first: 'Thomas', last: 'Bernard', slug: 'thomas-bernard-saas', job: 'Responsable des ventes', company: 'Planifik' },
  { first: 'Priya', last: 'Raman', slug: 'priyaraman', job: 'Director of Operations', company: 'ClearRail' },
  { first: 'Lucas', last: 'Petit', slug: 'lucas-petit-91', job: 'Fondateur', company: 'Stockly' },
  { first: 'Emily', last: 'Walsh', slug: 'emily-walsh-nyc', job: 'Head of Growth', company: 'Coinpath' },
  { first: 'Antoine', last: 'Dubois', slug: 'antoine-dubois', job: 'Directeur des achats', company: 'Groupe Sillon' },
  { first: 'Hannah', last: 'Becker', slug: 'hannah-becker-fin', job: 'Treasury Manager', company: 'Vaultic' },
  { first: 'Nicolas', last: 'Roux', slug: 'nicolasroux', job: 'Directeur général', company: 'Salons & Co' },
  { first: 'Olivia', last: 'Martins', slug: 'olivia-martins', job: 'COO', company: 'Remitly North' },
  { first: 'Manon', last: 'Faure', slug: 'manon-faure-rh', job: 'DRH', company: 'Talentis' },
  { first: 'David', last: 'Kim', slug: 'david-kim-payments', job: 'Payments Lead', company: 'Tilltap' },
  { first: 'Léa', last: 'Fontaine', slug: 'lea-fontaine', job: 'Cheffe de projet événementiel', company: 'Lyon Expo' },
  { first: 'James', last: "O'Connor", slug: 'james-oconnor', job: 'Founder', company: 'Brightledger' },
  { first: 'Chloé', last: 'Mercier', slug: 'chloe-mercier-sales', job: 'Account Executive', company: 'Datavia' },
  { first: 'Ryan', last: 'Patel', slug: 'ryanpatel', job: 'CFO', company: 'Finch Credit' },
  { first: 'Inès', last: 'Laurent', slug: 'ines-laurent', job: 'Directrice marketing', company: 'Auvergne Events' },
  { first: 'Sophie', last: 'Girard', slug: 'sophie-girard-b2b', job: 'Business Developer', company: 'Cloudine' },
  { first: 'Michael', last: 'Brown', slug: 'michael-brown-risk', job: 'Head of Risk', company: 'Northbank' },
  { first: 'Hugo', last: 'Lambert', slug: 'hugo-lambert', job: 'Directeur commercial', company: 'Kalibr' },
  { first: 'Grace', last: 'Liu', slug: 'grace-liu', job: 'Product Manager, Payments', company: 'Stripeline' },
  { first: 'Mathilde', last: 'Rousseau', slug: 'mathilde-rousseau', job: 'Organisatrice de salons', company: 'Foires de Lyon' },
  { first: 'Daniel', last: 'Garcia', slug: 'daniel-garcia-fx', job: 'FX Desk Manager', company: 'Currenxy' },
  { first: 'Pauline', last: 'Vincent', slug: 'pauline-vincent', job: 'Office Manager', company: 'Logistix' },
  { first: 'Ethan', last: 'Wright', slug: 'ethan-wright', job: 'Controller', company: 'Payora' },
  { first: 'Claire', last: 'Morel', slug: 'claire-morel-ventes', job: 'Directrice des ventes', company: 'Optimea' },
  { first: 'Noah', last: 'Fischer', slug: 'noah-fischer', job: 'Sales Director', company: 'Ledgerly' },
];

const NOTES_FR = [
  "Bonjour {first}, j'ai vu que {company} recrute des commerciaux : nous aidons des équipes comme la vôtre à gagner du temps sur la prospection. Ravi d'échanger !",
  'Bonjour {first}, votre parcours chez {company} m’a marqué. Je serais ravi de vous compter dans mon réseau.',
  "{first}, nous organisons des rencontres entre exposants à Lyon ce printemps. Votre avis m'intéresserait !",
];
const NOTES_EN = [
  'Hi {first}, I noticed {company} is scaling its payments team. We help fintechs cut reconciliation time. Happy to connect!',
  "Hi {first}, congrats on the recent growth at {company}. I'd love to swap notes on partner programs.",
  'Hello {first}, your post on treasury automation was spot on. Would be glad to connect.',
];

/** Status plan: index in PEOPLE → status, agent. Ready ones come first so the demo badge shows them. */
const PLAN: Array<{ status: SandboxAction['status']; agent: 0 | 1 | 2; sentDaysAgo?: number; noNote?: boolean }> = [
  { status: 'ready', agent: 0 },
  { status: 'ready', agent: 0 },
  { status: 'ready', agent: 1 },
  { status: 'ready', agent: 1 },
  { status: 'ready', agent: 2 },
  { status: 'ready', agent: 0, noNote: true },
  { status: 'ready', agent: 1 },
  { status: 'ready', agent: 0 },
  { status: 'ready', agent: 1 },
  { status: 'ready', agent: 0 },
  { status: 'ready', agent: 1 },
  { status: 'ready', agent: 2 },
  { status: 'pending', agent: 1 },
  { status: 'pending', agent: 0 },
  { status: 'generating', agent: 0 },
  { status: 'generating', agent: 2 },
  { status: 'generating', agent: 1 },
  { status: 'pending', agent: 0 },
  { status: 'sent', agent: 1, sentDaysAgo: 0 },
  { status: 'sent', agent: 0, sentDaysAgo: 1 },
  { status: 'sent', agent: 0, sentDaysAgo: 2 },
  { status: 'sent', agent: 1, sentDaysAgo: 3 },
  { status: 'sent', agent: 0, sentDaysAgo: 5 },
  { status: 'sent', agent: 1, sentDaysAgo: 6 },
  { status: 'sent', agent: 0, sentDaysAgo: 9 },
  { status: 'sent', agent: 2, sentDaysAgo: 12 },
  { status: 'failed', agent: 0 },
  { status: 'failed', agent: 1 },
  { status: 'failed', agent: 2 },
  { status: 'ready', agent: 0 },
];

function fill(template: string, p: Person): string {
  return template.replaceAll('{first}', p.first).replaceAll('{company}', p.company);
}

/** The demo actions, dated relative to `now` so that weekly statistics have something to count. */
export function seedActions(now: number, agents: SandboxAgent[]): SandboxAction[] {
  return PLAN.map((plan, i) => {
    const person = PEOPLE[i % PEOPLE.length]!;
    const agent = agents[plan.agent]!;
    const french = plan.agent !== 1;
    const templates = french ? NOTES_FR : NOTES_EN;
    const created = now - (PLAN.length - i) * 3 * HOUR - 10 * DAY;
    const message = plan.status === 'pending' || plan.status === 'generating' || plan.noNote ? null : fill(templates[i % 3]!, person);
    const sentAt = plan.sentDaysAgo !== undefined ? now - plan.sentDaysAgo * DAY - 2 * HOUR : null;
    return {
      id: `na_${(0x5a3c1 + i * 7919).toString(36)}${i.toString(36)}`,
      status: plan.status,
      message,
      agent_id: agent.id,
      contact: {
        id: `ld_${(0x9b2e7 + i * 104729).toString(36)}`,
        firstname: person.first,
        lastname: person.last,
        job: person.job,
        company: person.company,
        network_url: `https://www.linkedin.com/in/${person.slug}`,
      },
      created_at: created,
      updated_at: sentAt ?? created,
      sent_at: sentAt,
      failed_at: plan.status === 'failed' ? created + DAY : null,
      metadata: plan.status === 'failed' ? { reason: 'profile_unavailable', source: 'seed' } : null,
    };
  });
}
