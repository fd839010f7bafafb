/**
 * An image's palette for the AI theme designer (spec 001 §2, §9 "AI theme"; `POST /admin/themes/generate`): the image's
 * bytes are checked here, then decoded and read by node-vibrant (its Node build: jimp's pure-JS decoders, no native
 * code), whose swatches become `rules/themes.ts`' `ImagePalette`. Nothing is fetched: node-vibrant is only ever given
 * bytes, never an address (given a string it would load a URL).
 *
 * Why the check before decoding: jimp detects the type with `file-type`, which reads past the end of a truncated PNG
 * and then rejects a promise nobody awaits — the decode never answers and the process sees an unhandled rejection.
 * So only a PNG whose chunks all lie within its bytes (with IHDR, IDAT and IEND), a GIF with its header, or a JPEG
 * with a frame header before its scan reach the decoder, and none larger than {@link PALETTE_IMAGE_MAX_PIXELS}
 * (a small file can declare a huge picture: a decompression bomb). Sources: PNG (ISO/IEC 15948) §5.3 chunk layout,
 * §11.2.2 IHDR; GIF89a §17–18 header and logical screen descriptor; JPEG (ITU-T T.81) §B.1.1.3 markers, §B.2.2 frame
 * header.
 */
import type { ImagePalette, PaletteSwatch } from '@formloom/contracts/rules/themes';
import { Vibrant } from 'node-vibrant/node';

/** The most pixels (width × height) of an image whose palette is read: 4096 × 4096 (ours; ~64 MB decoded). */
export const PALETTE_IMAGE_MAX_PIXELS = 4096 * 4096;

/** A decodable image's type and size in pixels. */
export interface ImageShape {
  type: 'png' | 'gif' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's shape when its chunks are whole (IHDR first, an IDAT, IEND), else null. */
function pngShape(bytes: Buffer): ImageShape | null {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return null;
  let position = 8;
  let shape: ImageShape | null = null;
  let sawData = false;
  while (position + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    const type = bytes.toString('latin1', position + 4, position + 8);
    const end = position + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return null;
    if (shape === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      shape = { type: 'png', width: bytes.readUInt32BE(position + 8), height: bytes.readUInt32BE(position + 12) };
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData ? shape : null;
    position = end;
  }
  return null;
}

/** A GIF's shape from its header and logical screen descriptor, else null. */
function gifShape(bytes: Buffer): ImageShape | null {
  const signature = bytes.toString('latin1', 0, 6);
  if ((signature !== 'GIF87a' && signature !== 'GIF89a') || bytes.length < 14) return null;
  return { type: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Start-of-frame markers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC): their segment holds the picture's size. */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG's shape from the first frame header before its scan (segments walked by their lengths), else null. */
function jpegShape(bytes: Buffer): ImageShape | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return null;
    const marker = bytes[position + 1]!;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      position += 2; // standalone markers: no length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // a scan or the end before any frame header
    const length = bytes.readUInt16BE(position + 2);
    if (length < 2 || position + 2 + length > bytes.length) return null;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (length < 7) return null;
      return { type: 'jpeg', height: bytes.readUInt16BE(position + 5), width: bytes.readUInt16BE(position + 7) };
    }
    position += 2 + length;
  }
  return null;
}

/**
 * The type and size of `bytes` when it is a PNG, GIF or JPEG the decoder can be given (module doc), else null: another
 * type (WebP, SVG, text …), a truncated or malformed file, a picture of no pixels or of more than
 * {@link PALETTE_IMAGE_MAX_PIXELS}.
 */
export function decodableImageShape(bytes: Buffer): ImageShape | null {
  const shape = pngShape(bytes) ?? gifShape(bytes) ?? jpegShape(bytes);
  if (!shape || shape.width === 0 || shape.height === 0 || shape.width * shape.height > PALETTE_IMAGE_MAX_PIXELS) return null;
  return shape;
}

/** One of the picture's quantized colours as node-vibrant gives them: `#rrggbb`, `[r, g, b]` (0–255), its pixels. */
interface QuantizedColor {
  hex: string;
  rgb: readonly number[];
  population: number;
}

/** Perceived brightness of an sRGB colour, 0 (black) to 1 (white): the YIQ weights of WCAG 1.0's colour brightness. */
function perceivedBrightness([red, green, blue]: readonly number[]): number {
  return ((red ?? 0) * 299 + (green ?? 0) * 587 + (blue ?? 0) * 114) / 255_000;
}

/**
 * The palette of the image `bytes` (PNG, GIF or JPEG): node-vibrant's six roles, each `{hex, population}` or null when
 * the image has no such colour, and the picture's `dominant` colour and average `brightness` (0–1).
 * @returns null when the image cannot be read — refused by {@link decodableImageShape}, a decoder's error, or no colour
 *   at all (a fully transparent image) — never throws for the bytes it is given
 */
export async function readImagePalette(bytes: Buffer): Promise<ImagePalette | null> {
  if (!decodableImageShape(bytes)) return null;
  try {
    const vibrant = Vibrant.from(bytes).build();
    const palette = await vibrant.getPalette();
    const swatch = (role: keyof ImagePalette): PaletteSwatch | null => {
      const found = palette[role];
      return found ? { hex: found.hex, population: found.population } : null;
    };
    const result: ImagePalette = {
      Vibrant: swatch('Vibrant'),
      DarkVibrant: swatch('DarkVibrant'),
      LightVibrant: swatch('LightVibrant'),
      Muted: swatch('Muted'),
      DarkMuted: swatch('DarkMuted'),
      LightMuted: swatch('LightMuted'),
    };
    // The whole picture, not only the six roles: its most common colour and how bright it is on average (weighted
    // by each quantized colour's pixels), which decide a light or a dark theme.
    const quantized: readonly QuantizedColor[] = vibrant.result?.colors ?? [];
    const colors = quantized.filter((color) => color.population > 0);
    const pixels = colors.reduce((sum, color) => sum + color.population, 0);
    if (pixels > 0) {
      const top = colors.reduce((best, color) => (color.population > best.population ? color : best));
      result.dominant = { hex: top.hex, population: top.population };
      result.brightness = colors.reduce((sum, color) => sum + perceivedBrightness(color.rgb) * color.population, 0) / pixels;
    }
    return Object.values(result).some(Boolean) ? result : null;
  } catch {
    return null;
  }
}
