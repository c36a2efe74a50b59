// Draws resources/icon.png (512x512): a glowing lantern on a dark tile; run `node resources/drawIcon.mjs` to redraw.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // per axis: 16 samples per pixel for smooth edges

const metal = [214, 172, 98];
const metalDark = [150, 112, 56];

function mix(a, b, t) {
  return a.map((value, index) => value + (b[index] - value) * t);
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

function insideRoundedRect(x, y, left, top, right, bottom, radius) {
  const dx = Math.max(left + radius - x, 0, x - (right - radius));
  const dy = Math.max(top + radius - y, 0, y - (bottom - radius));
  return x >= left && x <= right && y >= top && y <= bottom && dx * dx + dy * dy <= radius * radius;
}

function insideTrapezoid(x, y, top, bottom, topHalfWidth, bottomHalfWidth) {
  if (y < top || y > bottom) return false;
  const halfWidth = topHalfWidth + ((y - top) / (bottom - top)) * (bottomHalfWidth - topHalfWidth);
  return Math.abs(x - 256) <= halfWidth;
}

function insideFlame(x, y) {
  const bulbY = 318;
  const bulbRadius = 30;
  const tipY = 236;
  let halfWidth;
  if (y > bulbY) halfWidth = bulbRadius * Math.sqrt(Math.max(0, 1 - ((y - bulbY) / bulbRadius) ** 2));
  else if (y >= tipY) halfWidth = bulbRadius * ((y - tipY) / (bulbY - tipY)) ** 1.4;
  else return false;
  return Math.abs(x - 256) <= halfWidth;
}

/** The colour at one sample point, painted back to front; alpha 0 outside the tile. */
function colourAt(x, y) {
  if (!insideRoundedRect(x, y, 8, 8, SIZE - 8, SIZE - 8, 110)) return [0, 0, 0, 0];
  let colour = mix([34, 42, 62], [14, 18, 28], y / SIZE);

  const glowDistance = Math.hypot(x - 256, (y - 300) * 1.1);
  colour = mix(colour, [255, 176, 64], 0.55 * clamp(1 - glowDistance / 230, 0, 1) ** 2);

  const ringDistance = Math.hypot(x - 256, y - 112);
  if (Math.abs(ringDistance - 36) <= 7) colour = metal;

  if (insideRoundedRect(x, y, 238, 138, 274, 160, 6)) colour = metalDark;
  if (insideTrapezoid(x, y, 156, 198, 62, 112)) colour = mix(metal, metalDark, (y - 156) / 42);

  if (insideRoundedRect(x, y, 168, 196, 344, 382, 24)) {
    const distance = Math.hypot(x - 256, (y - 300) * 0.9);
    colour = mix([255, 214, 110], [232, 130, 36], clamp(distance / 110, 0, 1));
    if (Math.abs(x - 168) < 11 || Math.abs(x - 344) < 11) colour = metalDark;
  }

  if (insideFlame(x, y)) {
    const core = clamp(1 - Math.hypot(x - 256, y - 318) / 34, 0, 1);
    colour = mix([255, 236, 170], [255, 252, 240], core);
  }

  if (insideTrapezoid(x, y, 378, 410, 104, 118)) colour = mix(metal, metalDark, (y - 378) / 32);
  if (insideRoundedRect(x, y, 128, 404, 384, 424, 8)) colour = metalDark;
  return [...colour, 255];
}

function crcTable() {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

const CRC_TABLE = crcTable();

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function encodePng(rgba, width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    // Average premultiplied colour over the samples, so edges against transparency stay clean.
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const [r, g, b, a] = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        sum[0] += (r * a) / 255;
        sum[1] += (g * a) / 255;
        sum[2] += (b * a) / 255;
        sum[3] += a;
      }
    }
    const count = SAMPLES * SAMPLES;
    const alpha = sum[3] / count;
    const offset = (py * SIZE + px) * 4;
    for (let channel = 0; channel < 3; channel++) {
      pixels[offset + channel] = alpha > 0 ? Math.round(clamp(((sum[channel] / count) * 255) / alpha, 0, 255)) : 0;
    }
    pixels[offset + 3] = Math.round(alpha);
  }
}

const output = join(dirname(fileURLToPath(import.meta.url)), 'icon.png');
writeFileSync(output, encodePng(pixels, SIZE, SIZE));
console.log(`drawIcon: wrote ${output}`);
