import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { APP_ICONS, type AppIconName } from '../../../common/site/app-manifest';
import { contrastRatio } from '../../../common/site/colors';
import { IMAGE_MAX_BYTES } from '../../../common/uploads/schemas';
import type { AppContext } from '../../platform/context';
import { imageHostSettings, readImage } from '../uploads/image-host';

/** The brand an icon is drawn from. */
export type IconBrand = { logoUrl: string; accentColor: string };

/** Names the icons of a brand: the manifest links them with it, so a new logo or colour is a new URL. */
export const iconVersion = (brand: IconBrand) =>
  createHash('sha256').update(`${brand.logoUrl}\n${brand.accentColor}`).digest('hex').slice(0, 12);

/** The Tend sprout (web/public/favicon.svg), on a 32 x 32 grid. */
const SPROUT = 'M16 25c0-7 3-11 8-13-5 0-8 2-8 6 0-5-3-8-8-8 4 2 8 6 8 15z';

/** The shortcuts' glyphs: Heroicons' sun, chat bubbles and calendar (outline, 24 x 24, MIT). */
const GLYPHS: Record<'shortcut-today.png' | 'shortcut-messages.png' | 'shortcut-sessions.png', string> = {
  'shortcut-today.png':
    'M12 3v2.25m6.364.386-1.591 1.591M21 12h-2.25m-.386 6.364-1.591-1.591M12 18.75V21m-4.773-4.227-1.591 1.591M5.25 12H3m4.227-4.773L5.636 5.636M15.75 12a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0Z',
  'shortcut-messages.png':
    'M20.25 8.511c.884.284 1.5 1.128 1.5 2.097v4.286c0 1.136-.847 2.1-1.98 2.193-.34.027-.68.052-1.02.072v3.091l-3-3c-1.354 0-2.694-.055-4.02-.163a2.115 2.115 0 0 1-.825-.242m9.345-8.334a2.126 2.126 0 0 0-.476-.095 48.64 48.64 0 0 0-8.048 0c-1.131.094-1.976 1.057-1.976 2.192v4.286c0 .837.46 1.58 1.155 1.951m9.345-8.334V6.637c0-1.621-1.152-3.026-2.76-3.235A48.455 48.455 0 0 0 11.25 3c-2.115 0-4.198.137-6.24.402-1.608.209-2.76 1.614-2.76 3.235v6.226c0 1.621 1.152 3.026 2.76 3.235.577.075 1.157.14 1.74.194V21l4.155-4.155',
  'shortcut-sessions.png':
    'M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 7.5v11.25m-18 0A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75m-18 0v-7.5A2.25 2.25 0 0 1 5.25 9h13.5A2.25 2.25 0 0 1 21 11.25v7.5',
};

/**
 * How much of a tile's side the logo may fill. A maskable icon is cut to any shape that keeps the
 * circle of 40 % radius (the safe zone, W3C manifest): the square inside it is 0.8/sqrt(2) = 0.566
 * of the side. iOS only rounds the corners, so the apple icon's logo may be larger.
 */
const LOGO_SHARE = { any: 1, maskable: 0.56, apple: 0.72 } as const;

const WHITE = '#ffffff';

/**
 * The logo's bytes: from the built-in image host's storage, or fetched from ImageKit (the logo
 * was checked to be an upload of the configured host when it was saved). Undefined when it cannot
 * be had: the icons fall back to the mark.
 */
async function logoBytes(ctx: AppContext, logoUrl: string): Promise<Buffer | undefined> {
  const endpoint = imageHostSettings(ctx).urlEndpoint.replace(/\/$/, '');
  if (!logoUrl.startsWith(`${endpoint}/`)) return undefined;
  if (endpoint.startsWith('/')) {
    const image = await readImage(ctx, logoUrl.slice(endpoint.length + 1));
    if (!image) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of image.stream) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  const res = await fetch(logoUrl, { signal: AbortSignal.timeout(10_000) });
  const length = Number(res.headers.get('content-length') ?? 0);
  if (!res.ok || length > IMAGE_MAX_BYTES) return undefined;
  const bytes = Buffer.from(await res.arrayBuffer());
  return bytes.length > IMAGE_MAX_BYTES ? undefined : bytes;
}

/** The logo's colour as the eye sees it on a tile: its pixels averaged, weighted by their opacity. */
async function logoColour(logo: Buffer): Promise<string | undefined> {
  const { data } = await sharp(logo).resize(24, 24, { fit: 'inside' }).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  let r = 0;
  let g = 0;
  let b = 0;
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]! / 255;
    r += data[i]! * a;
    g += data[i + 1]! * a;
    b += data[i + 2]! * a;
    weight += a;
  }
  if (weight === 0) return undefined;
  const hex = (c: number) =>
    Math.round(c / weight)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

const svg = (size: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${body}</svg>`,
  );

/** A square of `colour`, `size` pixels. */
const tile = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } });

/** The mark when no logo is set (or it cannot be read): the white sprout on the brand colour. */
function drawMark(size: number, style: 'any' | 'maskable' | 'apple', accent: string) {
  // 'any' is the favicon's round badge; the tiles fill the square and keep the sprout in the safe zone
  const body =
    style === 'any'
      ? `<circle cx="16" cy="16" r="15" fill="${accent}"/><path d="${SPROUT}" fill="#fff"/>`
      : `<rect width="32" height="32" fill="${accent}"/><g transform="translate(16 16) scale(${style === 'maskable' ? 0.75 : 0.9}) translate(-16 -16.5)"><path d="${SPROUT}" fill="#fff"/></g>`;
  return sharp(svg(size, body)).png().toBuffer();
}

/** A shortcut's glyph, white on the brand colour. */
function drawShortcut(size: number, glyph: string, accent: string) {
  const body = `<rect width="32" height="32" fill="${accent}"/><g transform="translate(7 7) scale(0.75)"><path d="${glyph}" fill="none" stroke="#fff" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  return sharp(svg(size, body)).png().toBuffer();
}

/**
 * The logo drawn for one icon: on its own, contained and transparent around ('any'), or inside
 * a tile's safe area. The tile is the brand colour, or white when the logo would not stand out on
 * it (under 3:1, WCAG's contrast for graphics).
 */
async function drawLogo(logo: Buffer, size: number, style: 'any' | 'maskable' | 'apple', accent: string) {
  const inner = Math.round(size * LOGO_SHARE[style]);
  const fitted = await sharp(logo)
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  if (style === 'any') return fitted;
  const colour = await logoColour(logo);
  const background = colour && contrastRatio(colour, accent) < 3 ? WHITE : accent;
  return tile(size, background)
    .composite([{ input: fitted, gravity: 'centre' }])
    .flatten({ background })
    .png()
    .toBuffer();
}

/** One icon drawn: `standIn` when a logo is set but could not be read (the mark was drawn instead). */
export type DrawnIcon = { png: Buffer; standIn: boolean };

/** Draws one icon of the brand (PNG). */
export async function drawAppIcon(ctx: AppContext, brand: IconBrand, name: AppIconName): Promise<DrawnIcon> {
  const { size, style } = APP_ICONS[name];
  if (style === 'shortcut') {
    return { png: await drawShortcut(size, GLYPHS[name as keyof typeof GLYPHS], brand.accentColor), standIn: false };
  }
  if (brand.logoUrl) {
    try {
      const logo = await logoBytes(ctx, brand.logoUrl);
      if (logo) return { png: await drawLogo(logo, size, style, brand.accentColor), standIn: false };
    } catch (err) {
      ctx.log.warn({ err, logoUrl: brand.logoUrl }, 'The logo could not be drawn as an app icon; the mark stands in');
    }
  }
  return { png: await drawMark(size, style, brand.accentColor), standIn: brand.logoUrl !== '' };
}

/**
 * The icons drawn so far, for the current brand only: drawn on the first request for each, kept
 * while the brand stays, dropped when the logo or colour changes (a new version). A stand-in for
 * a logo that could not be read is not kept: the next request tries the logo again.
 */
export function appIconCache() {
  let version = '';
  let icons = new Map<AppIconName, Promise<DrawnIcon>>();
  return (ctx: AppContext, brand: IconBrand, name: AppIconName): Promise<DrawnIcon> => {
    const current = iconVersion(brand);
    if (current !== version) {
      version = current;
      icons = new Map();
    }
    const kept = icons.get(name);
    if (kept) return kept;
    const drawing = drawAppIcon(ctx, brand, name);
    icons.set(name, drawing);
    const forget = () => {
      if (icons.get(name) === drawing) icons.delete(name);
    };
    drawing.then((icon) => icon.standIn && forget(), forget);
    return drawing;
  };
}
