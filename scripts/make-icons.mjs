// Draws the toolbar icons (a blue rounded square with a white person and "+": invite someone) as
// PNG files, so the repository needs no image tool. Run: npm run icons
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Coverage of one point (unit square) by each shape: background, or white person and plus. */
function shade(x, y) {
  const r = 0.2;
  const cx = Math.min(x, 1 - x);
  const cy = Math.min(y, 1 - y);
  if (cx < r && cy < r && Math.hypot(r - cx, r - cy) > r) return 'none';
  // A person (head and shoulders) with a plus: "invite someone".
  const head = Math.hypot(x - 0.4, y - 0.37) <= 0.15;
  const shoulders = y <= 0.84 && ((x - 0.4) / 0.27) ** 2 + ((y - 0.88) / 0.3) ** 2 <= 1;
  const px = x - 0.76;
  const py = y - 0.4;
  const plus = (Math.abs(px) <= 0.055 && Math.abs(py) <= 0.15) || (Math.abs(py) <= 0.055 && Math.abs(px) <= 0.15);
  return head || shoulders || plus ? 'white' : 'blue';
}

/** One icon, each pixel the average of 4×4 samples (smooth edges at 16 px too). */
function icon(size) {
  const rows = [];
  const n = 4;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      let white = 0;
      let blue = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const s = shade((x + (i + 0.5) / n) / size, (y + (j + 0.5) / n) / size);
          if (s === 'white') white++;
          else if (s === 'blue') blue++;
        }
      }
      const a = (white + blue) / (n * n);
      if (a === 0) row.push(0, 0, 0, 0);
      else {
        const w = white / (white + blue);
        row.push(Math.round(10 + (255 - 10) * w), Math.round(102 + (255 - 102) * w), Math.round(194 + (255 - 194) * w), Math.round(255 * a));
      }
    }
    rows.push(Buffer.from(row));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('public/icon', { recursive: true });
for (const size of [16, 32, 48, 128]) writeFileSync(`public/icon/${size}.png`, icon(size));
