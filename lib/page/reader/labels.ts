// Words of the network's UI in English, French, German and Spanish. Structure (roles,
// aria attributes, hrefs) is tried first; these are the fallback where text is unavoidable.

/** The labels of one control in the four languages, lowercased, separated by |. */
const words = (list: string) => list.split('|');

export const LABELS = {
  connect: words('connect|se connecter|vernetzen|conectar'),
  pending: words('pending|en attente|ausstehend|pendiente'),
  follow: words('follow|suivre|folgen|seguir'),
  following: words('following|suivi|abonniert|siguiendo'),
  message: words('message|nachricht|mensaje'),
  more: words("more|plus|mehr|más|more actions|plus d'actions|weitere aktionen|más acciones"),
  invitePrefix: words('invite|inviter|einladen|invitar'),
  ownProfile: words(
    'edit profile|add profile section|modifier le profil|ajouter une section|profil bearbeiten|profilbereich hinzufügen|editar perfil|añadir sección al perfil|open to|disponible pour|offen für|disponible para',
  ),
  addNote: words('add a note|ajouter une note|notiz hinzufügen|añadir una nota|add a free note'),
  sendWithoutNote: words('send without a note|envoyer sans note|ohne notiz senden|enviar sin nota'),
  send: words("send|send invitation|send now|envoyer|envoyer l'invitation|senden|einladung senden|enviar|enviar invitación"),
} as const;

export const PATTERNS = {
  /** "Remove connection", "Remove your connection to <name>" (older layout), in the four languages. */
  removeConnection:
    /^(?:remove (?:your )?connection|(?:retirer|supprimer) (?:la |votre )?relation|(?:als )?kontakt\b.*\bentfernen|eliminar (?:el |tu |la )?(?:contacto|conexión))/,
  /** "Withdraw invitation" in the More menu of a profile with an invitation pending. */
  withdraw: /^(?:withdraw|retirer l[’']invitation|annuler l[’']invitation|einladung zurückziehen|zurückziehen|retirar (?:la )?invitación)/,
  weeklyLimit: /weekly invitation limit|reached the weekly limit|limite hebdomadaire|wöchentliche[sn]? (einladungs)?limit|límite semanal/i,
  remaining: /(\d+)\s+(?:personali[sz]ed|personnalisées?|personalisierte|personalizadas?)/i,
  /** "Invitation sent", or one that names its invitee ("Your invitation to X was sent"). */
  sentToast:
    /invitation sent|invitation to .+ was sent|invitation envoyée|invitation à .+ a été envoyée|einladung (?:an .+ )?(?:wurde )?gesendet|invitación (?:a .+ )?enviada/i,
  /** Whom such a toast names, in the four languages (lowercased text). */
  sentToastNamed:
    /invitation (?:sent )?to (.+?)(?: was sent)?[.!]?$|invitation (?:envoyée )?à (.+?)(?: a été envoyée)?[.!]?$|einladung an (.+?) (?:wurde )?gesendet|invitación (?:enviada )?a (.+?)(?: enviada)?[.!]?$/,
  counter: /(\d+)\s*\/\s*(\d+)/,
} as const;

/**
 * The Sent invitations page of the invitation manager (sent-page.ts, sent-dialog.ts), in the four
 * languages, lowercased. The row is found by its profile link; these words only say which control
 * withdraws, which dialog confirms, whom it names and what the page says happened.
 */
export const SENT = {
  /** The visible word of the row's Withdraw button and of the confirmation's. */
  withdraw: words('withdraw|retirer|zurückziehen|retirar'),
  cancel: words('cancel|annuler|abbrechen|cancelar|dismiss|fermer|schließen|cerrar'),
  sentTab: words('sent|envoyées|gesendet|enviadas'),
  receivedTab: words('received|reçues|erhalten|recibidas'),
  /**
   * Labels that name the person: the row's "Withdraw invitation sent to X", the confirmation's
   * "Withdrawn invitation sent to X" (so in the network's English), "Einladung an X zurückziehen".
   */
  withdrawTo: [
    /^withdrawn? (?:the )?invitation (?:sent )?to (.+)$/,
    /^retirer l[’']invitation (?:envoyée )?à (.+)$/,
    /^einladung an (.+?) zurückziehen$/,
    /^retirar (?:la )?invitación (?:enviada )?a (.+)$/,
  ],
  /** The confirmation's title. */
  title: /^(?:withdraw invitation|retirer l[’']invitation|einladung zurückziehen|retirar (?:la )?invitación)\s*\??$/,
  /** Where the confirmation's body names the person ("…you won’t be able to resend to X for up to 3 weeks."). */
  bodyNames: [
    /\bresend (?:an invitation )?to (.+?) for up to\b/,
    /\b(?:renvoyer|envoyer) (?:une (?:nouvelle )?invitation |d[’']invitation )?à (.+?) (?:pendant|avant)\b/,
    /\bkönnen sie (.+?) (?:bis zu|erst)\b/,
    /\bvolver a enviar(?:le)? (?:una invitación )?a (.+?) (?:hasta|durante)\b/,
  ],
  /** The network's toast after a withdrawal. */
  toast:
    /invitation withdrawn|withdrew (?:your )?invitation|invitation (?:a été )?retirée|einladung (?:wurde )?zurückgezogen|invitación retirada|se ha retirado la invitación/,
  /** The list's empty state. */
  empty:
    /no (?:pending |sent )?invitations|aucune invitation|keine (?:ausstehenden |gesendeten |versendeten )?einladungen|no (?:tienes|hay) invitaciones|ninguna invitación/,
  /** "Sent", before or after the age: what makes a relative time the invitation's age. */
  sentVerb: /(?<!\p{L})(?:sent|envoyée?s?|gesendet|versendet|enviad[ao]s?)(?!\p{L})/u,
  today: /(?<!\p{L})(?:today|aujourd[’']hui|heute|hoy)(?!\p{L})/u,
  yesterday: /(?<!\p{L})(?:yesterday|hier|gestern|ayer)(?!\p{L})/u,
  /** What makes "3 weeks" a time past: "ago", "il y a", "vor", "hace". */
  ago: /(?<!\p{L})(?:ago|il y a|vor|hace)(?!\p{L})/u,
  /** "3 weeks", "une semaine", "einem Monat", "un año": a count and a unit, the unit's length in days first. */
  ageUnits: [
    [0, 'seconds?|minutes?|hours?|secondes?|heures?|sekunden?|minuten?|stunden?|segundos?|minutos?|horas?'],
    [1, 'days?|jours?|tag|tage|tagen|días?|dias?'],
    [7, 'weeks?|semaines?|wochen?|semanas?'],
    [30, 'months?|mois|monat|monate|monaten|mes|meses'],
    [365, 'years?|ans?|années?|jahr|jahre|jahren|años?'],
  ] as ReadonlyArray<readonly [number, string]>,
  /** The counts written as words: "a week", "une semaine", "einem Monat", "un año". */
  one: words('a|an|one|un|une|ein|eine|einem|einer|una|uno'),
} as const;
