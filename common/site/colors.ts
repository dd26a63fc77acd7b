/**
 * The accent colour's rules: white button text on it must reach WCAG AA's 4.5:1,
 * and the interface's brand shades are derived from it (web/styles/app.css `--color-brand-*`).
 */
export const MIN_ACCENT_CONTRAST = 4.5;

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** True when white text on the colour is readable (at least 4.5:1). */
export const readableOnWhite = (hex: string) => contrastRatio(hex, '#ffffff') >= MIN_ACCENT_CONTRAST;

/** `amount` (0-1) of the way from `hex` to `to`. */
function mix(hex: string, to: Rgb, amount: number): string {
  const from = rgbOf(hex);
  return hexOf(from.map((c, i) => c + (to[i]! - c) * amount) as Rgb);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The brand shades of an accent: 700 is the accent itself (buttons, links, focus rings), 800 and
 * 900 darker (hover, text on tints: more contrast than the accent), 600 a little lighter (rings,
 * icons), 100 and 50 pale tints (active navigation, hovered rows).
 */
export function accentShades(accent: string): Record<'50' | '100' | '600' | '700' | '800' | '900', string> {
  const hex = accent.toLowerCase();
  return {
    '50': mix(hex, WHITE, 0.94),
    '100': mix(hex, WHITE, 0.86),
    '600': mix(hex, WHITE, 0.12),
    '700': hex,
    '800': mix(hex, BLACK, 0.2),
    '900': mix(hex, BLACK, 0.38),
  };
}
