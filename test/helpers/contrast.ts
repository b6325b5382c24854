// The design tokens a stylesheet declares and WCAG 2 contrast, for the tests that keep colours legible.

/** The custom properties a stylesheet declares, light and dark (dark inherits what it does not set). */
export function tokens(css: string): { light: Record<string, string>; dark: Record<string, string> } {
  const [light = '', dark = ''] = css.split('@media (prefers-color-scheme: dark)');
  // #fff and #ffffff are one colour.
  const value = (v: string) =>
    v
      .trim()
      .toLowerCase()
      .replace(/^#(\w)(\w)(\w)$/, '#$1$1$2$2$3$3');
  const declared = (text: string) => Object.fromEntries([...text.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, k, v]) => [k!, value(v!)]));
  const base = declared(light);
  return { light: base, dark: { ...base, ...declared(dark) } };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
