// Words of the network's UI in English, French, German and Spanish. Structure (roles,
// aria attributes, hrefs) is tried first; these are the fallback where text is unavoidable.

const words = (...list: string[]) => list.map((w) => w.toLowerCase());

export const LABELS = {
  connect: words('Connect', 'Se connecter', 'Vernetzen', 'Conectar'),
  pending: words('Pending', 'En attente', 'Ausstehend', 'Pendiente'),
  withdraw: words('withdraw', 'retirer', 'zurückziehen', 'retirar'),
  follow: words('Follow', 'Suivre', 'Folgen', 'Seguir'),
  following: words('Following', 'Suivi', 'Abonniert', 'Siguiendo'),
  message: words('Message', 'Nachricht', 'Mensaje'),
  more: words('More', 'Plus', 'Mehr', 'Más', 'More actions', "Plus d'actions", 'Weitere Aktionen', 'Más acciones'),
  invitePrefix: words('Invite', 'Inviter', 'Einladen', 'Invitar'),
  ownProfile: words('Edit profile', 'Add profile section', 'Modifier le profil', 'Ajouter une section', 'Profil bearbeiten', 'Profilbereich hinzufügen', 'Editar perfil', 'Añadir sección al perfil', 'Open to', 'Disponible pour', 'Offen für', 'Disponible para'),
  addNote: words('Add a note', 'Ajouter une note', 'Notiz hinzufügen', 'Añadir una nota', 'Add a free note'),
  sendWithoutNote: words('Send without a note', 'Envoyer sans note', 'Ohne Notiz senden', 'Enviar sin nota'),
  send: words('Send', 'Send invitation', 'Send now', 'Envoyer', "Envoyer l'invitation", 'Senden', 'Einladung senden', 'Enviar', 'Enviar invitación'),
  dismiss: words('Dismiss', 'Close', 'Cancel', 'Fermer', 'Annuler', 'Ignorer', 'Schließen', 'Abbrechen', 'Verwerfen', 'Cerrar', 'Cancelar', 'Descartar'),
} as const;

export const PATTERNS = {
  weeklyLimit: [
    /weekly invitation limit/i,
    /reached the weekly limit/i,
    /limite hebdomadaire/i,
    /wöchentliche[sn]? (einladungs)?limit/i,
    /wöchentliche[sn]? limit/i,
    /límite semanal/i,
  ],
  noteQuota: [
    /personali[sz]ed invitations? remaining/i,
    /(no|used all( of)?( your)?) (free )?personali[sz]ed invitations/i,
    /invitations? personnalisées? restantes?/i,
    /plus d[e’']invitations? personnalisées?/i,
    /personalisierte[n]? einladung(en)? (übrig|verbleibend)/i,
    /invitaciones? personalizadas? restantes?/i,
  ],
  remaining: /(\d+)\s+(?:personali[sz]ed|personnalisées?|personalisierte|personalizadas?)/i,
  sentToast: [/invitation sent/i, /invitation envoyée/i, /einladung (wurde )?gesendet/i, /invitación enviada/i],
  counter: /(\d+)\s*\/\s*(\d+)/,
} as const;
