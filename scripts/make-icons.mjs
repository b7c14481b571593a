#!/usr/bin/env node
/*
 * Makes the installable app's icons (decision 042) from the product's logo
 * (apps/web/public/favicon.svg: a violet-to-orange square with a white drop). Pure JavaScript, no
 * image library: the logo is two shapes, so they are drawn here directly, 4 x 4 samples a pixel,
 * and written as PNG with node:zlib.
 *
 *   node scripts/make-icons.mjs        writes apps/web/public/icons/*.png
 *
 * "any" icons keep the logo's rounded corners; "maskable" ones fill the whole square with the
 * gradient and keep the drop inside the central safe zone (a circle of 40 % radius), so any mask
 * the platform applies leaves it whole.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/icons');

/** The logo's gradient (favicon.svg): diagonal, top left to bottom right. */
const STOPS = [
  [0, [0x5b, 0x4b, 0xdb]],
  [0.55, [0x9b, 0x51, 0xe0]],
  [1, [0xf2, 0x99, 0x4a]],
];

function gradient(t) {
  const clamped = Math.min(1, Math.max(0, t));
  for (let i = 1; i < STOPS.length; i += 1) {
    const [t1, c1] = STOPS[i];
    const [t0, c0] = STOPS[i - 1];
    if (clamped <= t1) {
      const f = (clamped - t0) / (t1 - t0);
      return c0.map((v, k) => v + (c1[k] - v) * f);
    }
  }
  return STOPS.at(-1)[1];
}

/** A cubic Bézier's points, for the drop's two sides. */
function cubic(p0, p1, p2, p3, steps = 64) {
  const points = [];
  for (let s = 0; s <= steps; s += 1) {
    const t = s / steps;
    const u = 1 - t;
    points.push([
      u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
      u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1],
    ]);
  }
  return points;
}

/**
 * The drop of favicon.svg in its 64-unit box:
 * M32 14 c-7 9-12 16-12 23 a12 12 0 0 0 24 0 c0-7-5-14-12-23z
 */
function dropPolygon() {
  const left = cubic([32, 14], [25, 23], [20, 30], [20, 37]);
  const arc = [];
  for (let s = 1; s < 64; s += 1) {
    const angle = Math.PI - (Math.PI * s) / 64; // from the left point, under the centre, to the right
    arc.push([32 + 12 * Math.cos(angle), 37 + 12 * Math.sin(angle)]);
  }
  const right = cubic([44, 37], [44, 30], [39, 23], [32, 14]);
  return [...left, ...arc, ...right];
}

const DROP = dropPolygon();

function insidePolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= 0 && y >= 0 && x <= 64 && y <= 64;
}

/**
 * One icon's RGBA pixels. `maskable`: full-bleed background, drop scaled to fit the safe zone.
 */
function draw(size, maskable) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  // The drop spans y 14..49 (35 units) around (32, 31.5); the safe zone's circle has a radius of
  // 40 % of the icon: 25.6 units. Scaled by 0.62 the drop's farthest point stays inside it.
  const dropScale = maskable ? 0.62 : 1;
  const dropCentre = [32, 31.5];
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let bg = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const inBg = maskable || insideRoundedSquare(x, y, 16);
          if (!inBg) continue;
          bg += 1;
          const dx = dropCentre[0] + (x - dropCentre[0]) / dropScale;
          const dy = dropCentre[1] + (y - dropCentre[1]) / dropScale;
          if (insidePolygon(dx, dy, DROP)) white += 1;
        }
      }
      const total = samples * samples;
      const coverage = bg / total;
      const whiteShare = bg === 0 ? 0 : (white / bg) * 0.92; // the drop's opacity: .92
      const [r, g, b] = gradient((px + py) / (2 * size));
      const mix = (c) => Math.round(c + (255 - c) * whiteShare);
      const offset = (py * size + px) * 4;
      pixels[offset] = mix(r);
      pixels[offset + 1] = mix(g);
      pixels[offset + 2] = mix(b);
      pixels[offset + 3] = Math.round(coverage * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG. */
export function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and wants an opaque 180 px one.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, draw(icon.size, icon.maskable));
  writeFileSync(path.join(OUT_DIR, icon.file), png);
  console.info(`${icon.file}: ${icon.size} px, ${png.length} bytes`);
}
