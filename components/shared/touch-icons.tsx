// One small set of inline SVG marks for a contact's touchpoints, the same in the popup, the options
// page and the panel: font characters (✉ ↩ ➚ 📬) render as empty boxes where a font lacks them.
// Drawn with currentColor, so they follow the theme; each carries its words for screen readers
// and as a tooltip.

export type TouchMark = 'emailSent' | 'emailAnswered' | 'letterDelivered' | 'letterReturned' | 'qrScanned' | 'networkInvitationSent';

export const TOUCH_PATHS: Record<TouchMark, string> = {
  emailSent: 'M3 6h18v12H3zM3 7l9 6 9-6',
  emailAnswered: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v3',
  letterDelivered: 'M22 12h-6l-2 3h-4l-2-3H2M5.5 5 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-7z',
  letterReturned: 'M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13',
  qrScanned: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 20h1M17 20h-3M20 14v3',
  networkInvitationSent: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6',
};

/** One mark; `label` is what it means, in the person's language (none: decorative, beside its words). */
export function TouchIcon({ mark, label }: { mark: TouchMark; label?: string }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: labelled (role img, aria-label, title) when it has words; aria-hidden beside its words otherwise
    <svg
      class="touch-icon"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true' })}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      {label && <title>{label}</title>}
      <path d={TOUCH_PATHS[mark]} />
    </svg>
  );
}
