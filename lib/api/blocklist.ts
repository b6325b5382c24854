// Blocklist values as the service writes them (spec 000, Blocklist entry). Pure: the options page
// builds and checks values with these before anything is queued.

export const BLOCKLIST_TYPES = ['email', 'domain', 'company', 'siren', 'address'] as const;
export type BlocklistType = (typeof BLOCKLIST_TYPES)[number];

// Letters NFD does not take apart. The service's French-locale slugs (Laravel's Str::slug with
// 'fr', see docs/api-assumptions.md) spell these so; ä, ö, ü lose their accent as in French
// (a German slug would write ae, oe, ue).
const LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
};

/**
 * A name as a French-locale slug: lowercase ASCII, accents folded (Élodie → elodie), spaces and
 * dashes become one dash, underscores a dash, "@" the word "at", everything else (apostrophes,
 * dots) is dropped without a dash: D'Artagnan → dartagnan, J.-P. → j-p.
 */
export function slugFr(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æœßøđðłþıŀ]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/_+/g, '-')
    .replace(/@/g, '-at-')
    .replace(/[^a-z0-9\s-]+/g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** A postal code as typed in the address value: letters, digits and dashes, no spaces. */
const ZIP = '[A-Z0-9]+(?:-[A-Z0-9]+)*';
const ADDRESS_VALUE = new RegExp(`^${SLUG}\\|${SLUG}\\|${ZIP}$`);

/** The postal code as the address value carries it: spaces removed, letters uppercased. */
function normalizeZip(zip: string): string {
  return zip.replace(/\s+/g, '').toUpperCase();
}

/**
 * The blocklist value of a person: `<firstname_slug>|<lastname_slug>|<zip>`; null when a part is
 * empty once folded (a name made only of punctuation, no postal code).
 */
export function blocklistAddress(person: { firstname: string; lastname: string; zip: string }): string | null {
  const value = `${slugFr(person.firstname)}|${slugFr(person.lastname)}|${normalizeZip(person.zip)}`;
  return ADDRESS_VALUE.test(value) ? value : null;
}

export const EMAIL_VALUE = /^[^\s@|]+@[^\s@|]+\.[^\s@|.]{2,}$/;
const DOMAIN_VALUE = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SIREN_VALUE = /^\d{9}$/;

/** The value the service expects for a type: trimmed, and for each type its usual spelling. */
export function normalizeBlocklistValue(type: BlocklistType, value: string): string {
  const v = value.trim();
  switch (type) {
    case 'email':
      return v.toLowerCase();
    case 'domain':
      // A pasted address (https://www.acme.fr/contact) or an email's domain part stands for its domain.
      return v
        .toLowerCase()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/^[^@/]*@/, '')
        .replace(/[/?#:].*$/, '')
        .replace(/^www\./, '')
        .replace(/\.$/, '');
    case 'siren':
      return v.replace(/[\s.-]/g, '');
    case 'company':
      return v.replace(/\s+/g, ' ');
    case 'address':
      return v;
  }
}

/** Whether a value, already normalized, has the shape its type requires. */
export function isBlocklistValue(type: BlocklistType, value: string): boolean {
  switch (type) {
    case 'email':
      return EMAIL_VALUE.test(value);
    case 'domain':
      return DOMAIN_VALUE.test(value);
    case 'siren':
      return SIREN_VALUE.test(value);
    case 'address':
      return ADDRESS_VALUE.test(value);
    case 'company':
      return value.trim() !== '';
  }
}

/**
 * The type a value looks like, as the service also detects it from its format: an identity with
 * two pipes is an address, then an email, nine digits (spaces allowed) a SIREN, a host name a
 * domain, and anything else a company. Null for an empty value.
 */
export function detectBlocklistType(value: string): BlocklistType | null {
  const v = value.trim();
  if (v === '') return null;
  if (v.split('|').length === 3) return 'address';
  if (EMAIL_VALUE.test(v)) return 'email';
  if (SIREN_VALUE.test(normalizeBlocklistValue('siren', v))) return 'siren';
  if (!/\s/.test(v) && DOMAIN_VALUE.test(normalizeBlocklistValue('domain', v))) return 'domain';
  return 'company';
}
