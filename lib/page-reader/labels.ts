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
