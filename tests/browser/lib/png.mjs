// Decodes the 8-bit PNGs Chromium writes (RGB or RGBA, not interlaced) with node's zlib, and
// measures how much of a screenshot is not its most common colour: a blank page is one colour.
import { inflateSync } from 'node:zlib';

const kSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const kChannels = { 0: 1, 2: 3, 4: 2, 6: 4 };  // grey, RGB, grey+alpha, RGBA

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/// Decodes `png` (a Buffer) to {width, height, channels, pixels}: pixels row after row,
/// `channels` bytes each. Throws on anything else than 8-bit, non-interlaced grey/RGB(A).
export function decodePng(png) {
  if (png.length < 8 || !png.subarray(0, 8).equals(kSignature)) throw new Error('not a PNG file');
  let header = null;
  const data = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;  // length, type, body, CRC
  }
  if (!header) throw new Error('PNG without IHDR');
  const channels = kChannels[header.colour];
  if (header.depth !== 8 || channels === undefined || header.interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${header.depth}, colour type ${header.colour}, interlace ${header.interlace}`);
  }
  const { width, height } = header;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(data));
  if (raw.length < height * (stride + 1)) throw new Error('PNG image data is truncated');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; ++x) {
      const left = x >= channels ? pixels[out + x - channels] : 0;
      const up = y > 0 ? pixels[out - stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[out - stride + x - channels] : 0;
      let predictor;
      switch (filter) {
        case 0: predictor = 0; break;
        case 1: predictor = left; break;
        case 2: predictor = up; break;
        case 3: predictor = (left + up) >> 1; break;
        case 4: predictor = paeth(left, up, upLeft); break;
        default: throw new Error(`PNG row ${y} has unknown filter ${filter}`);
      }
      pixels[out + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/// How varied a decoded image is: {pixelCount, distinctColours, dominantShare}, where
/// dominantShare is the fraction of pixels that have the most common colour (1 for a blank page).
export function colourSpread({ width, height, channels, pixels }) {
  const counts = new Map();
  for (let at = 0; at < pixels.length; at += channels) {
    let key = 0;
    for (let c = 0; c < channels; ++c) key = key * 256 + pixels[at + c];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const pixelCount = width * height;
  let dominant = 0;
  for (const count of counts.values()) dominant = Math.max(dominant, count);
  return { pixelCount, distinctColours: counts.size, dominantShare: pixelCount ? dominant / pixelCount : 1 };
}

/// Throws unless the screenshot `png` has at least `minOtherShare` of its pixels in colours other
/// than its most common one (default 0.1 %: some text, a chart, a frame; not a blank page).
export function assertNotBlank(png, { minOtherShare = 0.001 } = {}) {
  const spread = colourSpread(decodePng(png));
  const other = 1 - spread.dominantShare;
  if (spread.distinctColours < 2 || other < minOtherShare) {
    throw new Error(`the screenshot is blank: ${spread.distinctColours} colour(s), ` +
      `${(other * 100).toFixed(3)} % of ${spread.pixelCount} pixels differ from the most common colour ` +
      `(at least ${(minOtherShare * 100).toFixed(3)} % needed)`);
  }
  return spread;
}
