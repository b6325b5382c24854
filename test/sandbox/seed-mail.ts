// Demo emails (every category of op 8) and letters (every category of op 15), dated relative to now.
import type { SandboxAction } from './state';
import type { Contact, Email, EmailClass, Letter, LetterStatus } from './records';
import { A0, A1, A2, emailOf } from './seed-contacts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SENDER = 'alex.martin@demo-sales.example';

interface Mail {
  id: string;
  lead: string | null;
  agent?: string;
  out?: boolean;
  status?: Email['status'];
  cls?: EmailClass;
  from?: string;
  subject: string;
  content: string;
  ago: number;
  ai?: string;
  cc?: string;
  handled?: boolean;
  reply?: Email['reply'];
}

function address(c: Contact | undefined): string {
  return c?.contacts.find((p) => p.type === 'email')?.value ?? (c ? emailOf(c.firstname ?? 'x', c.lastname ?? 'x', c.company ?? 'x') : 'unknown@example.com');
}

export function seedEmails(now: number, contacts: Contact[], actions: SandboxAction[]): Email[] {
  const lead = (i: number) => actions[i]!.contact.id;
  const byId = (id: string | null) => contacts.find((c) => c.id === id);
  const mails: Mail[] = [
    {
      id: 'em_out01',
      lead: 'ld_ndaBnl6',
      out: true,
      subject: 'Transalpes et la prospection',
      content: 'Bonjour Nadia, suite à notre échange au salon…',
      ago: 12 * DAY,
    },
    {
      id: 'em_out02',
      lead: 'ld_julBss12',
      out: true,
      subject: 'Ecopack et la prospection',
      content: 'Bonjour Julie, nous aidons les équipes marketing…',
      ago: 10 * DAY,
    },
    { id: 'em_out03', lead: 'ld_tomGrd16', out: true, subject: 'Spend management at Spendly', content: 'Hi Tom, fintech teams like yours…', ago: 20 * DAY },
    { id: 'em_out04', lead: 'ld_tomGrd16', out: true, subject: 'Re: Spend management at Spendly', content: 'Hi Tom, just bumping this up.', ago: 17 * DAY },
    {
      id: 'em_out05',
      lead: lead(19),
      out: true,
      subject: 'Facturly et la prospection',
      content: 'Bonjour Julien, votre équipe commerciale grandit…',
      ago: 3 * DAY,
    },
    {
      id: 'em_out06',
      lead: lead(19),
      out: true,
      status: 'scheduled',
      subject: 'Re: Facturly et la prospection',
      content: 'Bonjour Julien, je me permets de revenir vers vous.',
      ago: -2 * DAY,
    },
    { id: 'em_out07', lead: lead(23), out: true, subject: 'Partnerships at Coinpath', content: 'Hi Emily, congrats on the growth…', ago: 8 * DAY },
    { id: 'em_out08', lead: lead(20), out: true, subject: 'Planifik et la prospection', content: 'Bonjour Thomas, …', ago: 9 * DAY },
    { id: 'em_out09', lead: lead(24), out: true, subject: 'Groupe Sillon et les achats', content: 'Bonjour Antoine, …', ago: 14 * DAY },
    // Whoever replied was written to first (ld_mrcOlv13 wrote in unprompted): the demo's reply
    // rate stays a share of the emails sent, never above 100 %.
    { id: 'em_out10', lead: 'ld_prrLmr7', out: true, subject: 'Metalux et la prospection', content: 'Bonjour Pierre, …', ago: 6 * DAY },
    { id: 'em_out11', lead: 'ld_zoePrn8', out: true, subject: 'Cabinet Perrin et la prospection', content: 'Bonjour Zoé, …', ago: 29 * DAY + 6 * HOUR },
    {
      id: 'em_out12',
      lead: lead(20),
      out: true,
      subject: 'Re: Planifik et la prospection',
      content: 'Bonjour Thomas, je me permets de revenir vers vous.',
      ago: 6 * DAY,
    },
    {
      id: 'em_in01',
      lead: lead(19),
      cls: 'interested',
      subject: 'Re: Facturly et la prospection',
      content: 'Bonjour, oui, votre audit m’intéresse. Pouvez-vous m’appeler jeudi ?',
      ago: 5 * HOUR,
      ai: 'Bonjour Julien, avec plaisir ! Je vous appelle jeudi à 10 h. Bonne journée.',
    },
    {
      id: 'em_in02',
      lead: 'ld_ndaBnl6',
      cls: 'neutral',
      subject: 'Re: Transalpes',
      content: 'Merci pour le devis, je le transmets à notre DAF.',
      ago: 2 * HOUR,
      ai: 'Merci Nadia, je reste disponible pour toute question de votre DAF.',
      cc: 'commercial@demo-sales.example',
    },
    {
      id: 'em_in03',
      lead: 'ld_julBss12',
      cls: 'neutral',
      subject: 'Re: Ecopack',
      content: 'Recontactez-moi en septembre, merci.',
      ago: 9 * DAY,
      handled: true,
    },
    {
      id: 'em_in04',
      lead: lead(23),
      cls: 'interested',
      subject: 'Re: Partnerships at Coinpath',
      content: "Sounds interesting, let's talk next week.",
      ago: 7 * DAY,
      handled: true,
      ai: 'Great, Emily! How about Tuesday 3pm ET?',
      reply: {
        status: 'waiting',
        type: 'ai_validated',
        cc_added: false,
        cc: null,
        content: 'Great, Emily! How about Tuesday 3pm ET?',
        at: now - 7 * DAY + HOUR,
      },
    },
    {
      id: 'em_in05',
      lead: 'ld_tomGrd16',
      cls: 'auto_reply',
      subject: 'Out of office: Re: Spend management',
      content: "I'm out of the office until Monday.",
      ago: 17 * DAY - HOUR,
    },
    {
      id: 'em_in06',
      lead: 'ld_prrLmr7',
      cls: 'not_interested',
      subject: 'Re: Metalux',
      content: 'Non merci, nous avons déjà un prestataire.',
      ago: 3 * HOUR,
      ai: 'Merci Pierre pour votre retour, bonne continuation.',
    },
    {
      id: 'em_in07',
      lead: 'ld_zoePrn8',
      cls: 'block',
      subject: 'Re: Cabinet Perrin',
      content: 'Merci de supprimer mes données (RGPD) et de ne plus me contacter.',
      ago: 29 * DAY,
      handled: true,
    },
    {
      id: 'em_in08',
      lead: lead(20),
      cls: 'antispam',
      subject: 'Please verify your email',
      content: 'This mailbox is protected. Click to confirm you are human.',
      ago: 9 * DAY - HOUR,
    },
    {
      id: 'em_in09',
      lead: null,
      agent: A0,
      cls: 'antispam',
      from: 'newsletter@saas-weekly.example',
      subject: 'SaaS Weekly #142',
      content: 'This week in SaaS…',
      ago: DAY,
    },
    {
      id: 'em_in10',
      lead: null,
      agent: A1,
      cls: 'auto_reply',
      from: 'mailer-daemon@mail.example',
      subject: 'Undelivered Mail Returned to Sender',
      content: 'Delivery to the following recipient failed permanently.',
      ago: 2 * DAY,
    },
    {
      id: 'em_in11',
      lead: 'ld_mrcOlv13',
      cls: 'interested',
      subject: 'Demande de devis',
      content: 'Bonjour, je cherche une solution de prospection pour 3 commerciaux. Tarifs ?',
      ago: DAY,
      ai: 'Bonjour Marc, merci pour votre demande ! Je vous propose un appel de 15 minutes.',
    },
    { id: 'em_in12', lead: lead(24), cls: 'neutral', subject: 'Re: Groupe Sillon', content: 'Bien reçu.', ago: 13 * DAY, handled: true },
  ];
  return mails.map((m): Email => {
    const c = byId(m.lead);
    const them = m.from ?? address(c);
    return {
      id: m.id,
      direction: m.out ? 'outbound' : 'inbound',
      lead_id: m.lead,
      agent_id: c?.agent_id ?? m.agent ?? null,
      from: m.out ? SENDER : them,
      to: m.out ? them : SENDER,
      subject: m.subject,
      content: m.content,
      classification: m.out ? null : (m.cls ?? null),
      status: m.out ? (m.status ?? 'sent') : 'received',
      at: now - m.ago,
      ai_reply: m.ai ?? null,
      prepared_cc: m.cc ?? null,
      handled: m.out ? true : (m.handled ?? false),
      reply: m.reply ?? null,
    };
  });
}

interface Post {
  id: string;
  lead: string;
  status: LetterStatus;
  ago: number;
  funds?: boolean;
  decided?: { kind: 'validated' | 'rejected'; ago: number };
  sent?: number;
  delivered?: number;
  scanned?: number;
}

export function seedLetters(now: number, contacts: Contact[], actions: SandboxAction[]): Letter[] {
  const lead = (i: number) => actions[i]!.contact.id;
  const posts: Post[] = [
    { id: 'lt_val01', lead: 'ld_leonMrc1', status: 'validating', ago: 2 * DAY },
    { id: 'lt_val02', lead: 'ld_kevTrn3', status: 'validating', ago: DAY },
    { id: 'lt_val03', lead: 'ld_brnCrn5', status: 'validating', ago: 4 * DAY },
    { id: 'lt_val04', lead: lead(13), status: 'validating', ago: 3 * DAY },
    { id: 'lt_grc05', lead: 'ld_aurPtj2', status: 'validating', ago: 3 * DAY, decided: { kind: 'validated', ago: 20 * MIN } },
    { id: 'lt_grc06', lead: lead(17), status: 'validating', ago: 3 * DAY, decided: { kind: 'rejected', ago: 45 * MIN } },
    { id: 'lt_err07', lead: lead(1), status: 'error', ago: 6 * DAY },
    { id: 'lt_fnd08', lead: lead(9), status: 'printing', ago: 5 * DAY, funds: true },
    { id: 'lt_prp09', lead: lead(7), status: 'printing', ago: 2 * DAY },
    { id: 'lt_trn10', lead: lead(22), status: 'transiting', ago: 4 * DAY, sent: 2 * DAY },
    { id: 'lt_dlv11', lead: 'ld_ndaBnl6', status: 'delivered', ago: 14 * DAY, sent: 12 * DAY, delivered: 9 * DAY, scanned: 7 * DAY },
    { id: 'lt_dlv12', lead: lead(20), status: 'delivered', ago: 10 * DAY, sent: 8 * DAY, delivered: 5 * DAY },
    { id: 'lt_ret13', lead: lead(24), status: 'returned', ago: 15 * DAY, sent: 13 * DAY },
    { id: 'lt_prp14', lead: lead(15), status: 'generating', ago: 6 * HOUR },
  ];
  return posts.map((p): Letter => {
    const c = contacts.find((x) => x.id === p.lead)!;
    const fr = c.agent_id !== A1;
    const first = c.firstname ?? '';
    const ago = (ms: number | undefined) => (ms === undefined ? null : now - ms);
    return {
      id: p.id,
      lead_id: c.id,
      agent_id: c.agent_id,
      status: p.status,
      insufficient_funds: p.funds ?? false,
      blocks: [
        { id: 'greeting', content: fr ? `Bonjour ${first},` : `Dear ${first},` },
        {
          id: 'body',
          content: fr
            ? `${c.company ?? 'Votre entreprise'} mérite une prospection qui ne s'arrête jamais. Scannez le QR code pour réserver votre audit gratuit.`
            : `${c.company ?? 'Your team'} deserves outreach that never sleeps. Scan the QR code to book a demo.`,
        },
        { id: 'signature', content: 'Alex Martin — Demo Sales SAS' },
      ],
      address: {
        firstname: first,
        lastname: c.lastname ?? '',
        company: c.company,
        line1: c.postal?.line1 ?? '500 Howard Street',
        line2: c.agent_id === A2 ? 'Bâtiment B' : null,
        zip: c.postal?.zip ?? '94105',
        city: c.postal?.city ?? 'San Francisco',
        country: c.postal?.country ?? (fr ? 'France' : 'United States'),
      },
      created_at: now - p.ago,
      updated_at: now - (p.decided?.ago ?? p.ago),
      sent_at: ago(p.sent),
      delivered_at: ago(p.delivered),
      scanned_at: ago(p.scanned),
      decision: p.decided ? { kind: p.decided.kind, at: now - p.decided.ago } : null,
    };
  });
}
