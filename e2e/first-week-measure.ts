import type { Page } from '@playwright/test';

/*
 * Measures the dashboard's header card over each artwork, from the pixels Chromium paints:
 * the contrast of every line of text against the brightest pixel behind it (WCAG 2.x relative
 * luminance, the text's own alpha blended over that pixel), and how much of the difference
 * between the artworks the scrim keeps.
 */

export interface TextContrast {
  text: string;
  contrast: number;
  isLarge: boolean;
}

export interface WelcomeCardMeasure {
  perArtwork: { url: string; texts: TextContrast[] }[];
  /**
   * Over every pair of artworks: the distance between the two cards' mean colours as painted,
   * divided by the distance between the two artworks' own mean colours (1: nothing lost).
   */
  keptDifference: number;
}

interface TextRect {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  isLarge: boolean;
}

const CARD = 'section[aria-labelledby="welcome-title"]';

/** Shows `url` in the card's image and waits until it is painted. */
async function showArtwork(page: Page, url: string) {
  await page.evaluate(
    async ([selector, src]) => {
      const image = document.querySelector<HTMLImageElement>(`${selector} img`);
      if (!image) throw new Error('The header card has no image');
      image.src = src;
      await image.decode();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    },
    [CARD, url] as const,
  );
}

/** Every line of text in the card, with its colour and size class, relative to the card. */
async function readTextRects(page: Page): Promise<TextRect[]> {
  return page.evaluate((selector) => {
    const card = document.querySelector(selector)!;
    const cardBox = card.getBoundingClientRect();
    const rects: TextRect[] = [];
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      const size = parseFloat(style.fontSize);
      const weight = Number(style.fontWeight);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width < 1 || rect.height < 1) continue;
        rects.push({
          text,
          x: rect.left - cardBox.left,
          y: rect.top - cardBox.top,
          width: rect.width,
          height: rect.height,
          color: style.color,
          isLarge: size >= 24 || (size >= 18.66 && weight >= 700),
        });
      }
    }
    return rects;
  }, CARD);
}

/** Hides the text (and, with `isRaw`, everything but the artwork) for a screenshot. */
async function setMeasureStyle(page: Page, mode: 'none' | 'no-text' | 'raw') {
  await page.evaluate(
    ([selector, next]) => {
      document.getElementById('measure-style')?.remove();
      if (next === 'none') return;
      const style = document.createElement('style');
      style.id = 'measure-style';
      style.textContent =
        next === 'no-text'
          ? `${selector} * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }`
          : `${selector} > :not(img) { visibility: hidden !important; }`;
      document.head.append(style);
    },
    [CARD, mode] as const,
  );
}

/** Runs the pixel arithmetic in the page, where a canvas decodes the screenshot. */
async function analyse(
  page: Page,
  png: Buffer,
  rects: TextRect[],
): Promise<{ mean: [number, number, number]; texts: TextContrast[] }> {
  return page.evaluate(
    async ({ base64, textRects }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);

      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (r: number, g: number, b: number) =>
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

      let sum: [number, number, number] = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) {
        sum = [sum[0] + data[i]!, sum[1] + data[i + 1]!, sum[2] + data[i + 2]!];
      }
      const count = data.length / 4;
      const mean: [number, number, number] = [sum[0] / count, sum[1] / count, sum[2] / count];

      // Any CSS colour (Tailwind writes oklab) to sRGB bytes and alpha, as the canvas paints it.
      const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
      const toRgba = (color: string): [number, number, number, number] => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = color;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };

      const byText = new Map<string, { contrast: number; isLarge: boolean }>();
      for (const rect of textRects) {
        const [r, g, b, a] = toRgba(rect.color);
        let worst = Infinity;
        const x0 = Math.max(0, Math.floor(rect.x));
        const y0 = Math.max(0, Math.floor(rect.y));
        const x1 = Math.min(width, Math.ceil(rect.x + rect.width));
        const y1 = Math.min(height, Math.ceil(rect.y + rect.height));
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) {
            const i = (y * width + x) * 4;
            const br = data[i]!;
            const bg = data[i + 1]!;
            const bb = data[i + 2]!;
            const text = luminance(
              r * a + br * (1 - a),
              g * a + bg * (1 - a),
              b * a + bb * (1 - a),
            );
            const back = luminance(br, bg, bb);
            const contrast = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
            worst = Math.min(worst, contrast);
          }
        }
        const previous = byText.get(rect.text);
        byText.set(rect.text, {
          contrast: Math.min(previous?.contrast ?? Infinity, worst),
          isLarge: rect.isLarge,
        });
      }
      return {
        mean,
        texts: Array.from(byText, ([text, value]) => ({ text, ...value })),
      };
    },
    { base64: png.toString('base64'), textRects: rects },
  );
}

function distance(a: [number, number, number], b: [number, number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The header card measured over each artwork in `urls`. */
export async function measureWelcomeCard(page: Page, urls: string[]): Promise<WelcomeCardMeasure> {
  const card = page.locator(CARD);
  const perArtwork: WelcomeCardMeasure['perArtwork'] = [];
  const painted: [number, number, number][] = [];
  const raw: [number, number, number][] = [];
  // The clock's text changes every second; its box does not.
  const rects = await readTextRects(page);
  for (const url of urls) {
    await showArtwork(page, url);
    await setMeasureStyle(page, 'no-text');
    const withScrim = await analyse(page, await card.screenshot({ animations: 'disabled' }), rects);
    await setMeasureStyle(page, 'raw');
    const artworkOnly = await analyse(page, await card.screenshot({ animations: 'disabled' }), []);
    await setMeasureStyle(page, 'none');
    perArtwork.push({ url, texts: withScrim.texts });
    painted.push(withScrim.mean);
    raw.push(artworkOnly.mean);
  }
  let keptSum = 0;
  let rawSum = 0;
  for (let i = 0; i < urls.length; i += 1) {
    for (let j = i + 1; j < urls.length; j += 1) {
      keptSum += distance(painted[i]!, painted[j]!);
      rawSum += distance(raw[i]!, raw[j]!);
    }
  }
  return { perArtwork, keptDifference: rawSum === 0 ? 1 : keptSum / rawSum };
}
