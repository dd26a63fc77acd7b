import type { Page } from '@playwright/test';

/**
 * Checks computed in the page of what a user sees: edges that survive forced colours, contrast
 * ratios of borders, placeholders and focus outlines (WCAG 1.4.3, 1.4.11), and focus that stays
 * clear of the sticky header (2.4.11). Colours are read by painting them on a canvas, so any CSS
 * colour (oklch included) compares as the sRGB pixel it becomes.
 */

/** The form controls on the page with no visible edge: '<input name=email>' and the like. */
export function controlsWithoutEdges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // more than a pixel: a visually hidden control (1 px, clipped) stands behind a visible one
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const hasEdge = (el: Element) => {
      const style = getComputedStyle(el);
      const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
      const border = sides.every((side) => {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
        const styleName = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
        return width > 0 && styleName !== 'none' && !/rgba\(.*,\s*0\)$|transparent/.test(color);
      });
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return border || outline;
    };
    const describe = (el: Element) => {
      const name = el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40);
      const type = el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : '';
      return `<${el.tagName.toLowerCase()}${type}> ${name}`;
    };
    const controls = [...document.querySelectorAll('main input, main textarea, main select, main button')];
    const missing: string[] = [];
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      const style = getComputedStyle(control);
      // A radio drawn invisible over its choice card: the card is what shows.
      const shown = style.opacity === '0' ? control.closest('label') : control;
      if (!shown || !visible(shown)) continue;
      // Native checkboxes and radios are drawn by the system, in its own colours, in forced colours.
      const native =
        control instanceof HTMLInputElement &&
        (control.type === 'checkbox' || control.type === 'radio') &&
        style.appearance !== 'none' &&
        style.opacity !== '0';
      if (native) continue;
      if (!hasEdge(shown)) missing.push(describe(control));
    }
    return missing;
  });
}

/** Runs in the page: the helpers below, as one string the evaluations share. */
const COLOUR_HELPERS = `
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const paint = (colour, under = 'white') => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = under;
    ctx.fillRect(0, 0, 1, 1);
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  };
  const luminance = ([r, g, b]) => {
    const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  };
  const opaque = (colour) => !/^rgba\\(.*,\\s*0\\)$|^transparent$/.test(colour);
  /** The colour behind an element: the nearest ancestor's own background, over white. */
  const backdrop = (el) => {
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (opaque(bg)) return paint(bg);
    }
    return paint('white');
  };
`;

export type Contrast = { what: string; ratio: number };

/** Each visible text field's border against what is behind it, and its placeholder against its own fill. */
export function textFieldContrasts(page: Page): Promise<{ borders: Contrast[]; placeholders: Contrast[] }> {
  return page.evaluate(`(() => {
    ${COLOUR_HELPERS}
    const fields = [...document.querySelectorAll('main input, main textarea, main select')].filter((el) => {
      const box = el.getBoundingClientRect();
      const kind = el.getAttribute('type') ?? 'text';
      return box.width > 0 && box.height > 0 && !['checkbox', 'radio', 'hidden', 'file', 'range'].includes(kind)
        && getComputedStyle(el).opacity !== '0';
    });
    const name = (el) => el.getAttribute('name') ?? el.id;
    const borders = fields.map((el) => {
      const style = getComputedStyle(el);
      return { what: name(el), ratio: ratio(paint(style.borderBottomColor), backdrop(el)) };
    });
    const placeholders = fields.filter((el) => el.getAttribute('placeholder')).map((el) => {
      const fill = paint(getComputedStyle(el).backgroundColor);
      return { what: name(el), ratio: ratio(paint(getComputedStyle(el, '::placeholder').color), fill) };
    });
    return { borders, placeholders };
  })()`);
}

/**
 * The focused element's outline against what is behind it; null when it draws none. `selector`
 * names another element to read, e.g. a menu's active item (Headless UI keeps focus on the menu).
 */
export function focusOutlineContrast(page: Page, selector?: string): Promise<Contrast | null> {
  return page.evaluate(`(async () => {
    ${COLOUR_HELPERS}
    const el = ${selector ? `document.querySelector(${JSON.stringify(selector)})` : 'document.activeElement'};
    if (!el || el === document.body) return null;
    // colours ease in (transition-colors): read the outline as it settles
    await Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(el);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return null;
    const what = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
    // an outline drawn inside the element sits on its own fill
    const inside = parseFloat(style.outlineOffset) < 0 && opaque(style.backgroundColor);
    return { what, ratio: ratio(paint(style.outlineColor), inside ? paint(style.backgroundColor) : backdrop(el)) };
  })()`);
}

/** What has focus, for messages; 'body' when nothing does. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> ${name}`;
  });
}

/**
 * How far the focused element's top sits below the sticky header's bottom (negative: under it);
 * null when it is in the header.
 */
export function clearanceBelowHeader(page: Page): Promise<{ focused: string; clearance: number } | null> {
  return page.evaluate(() => {
    const header = [...document.querySelectorAll('header, div')].find(
      (el) => getComputedStyle(el).position === 'sticky' && el.getBoundingClientRect().height > 0,
    );
    const el = document.activeElement;
    if (!header || !el || el === document.body || header.contains(el)) return null;
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
    const focused = `${el.tagName.toLowerCase()} ${label}`;
    return { focused, clearance: el.getBoundingClientRect().top - header.getBoundingClientRect().bottom };
  });
}
