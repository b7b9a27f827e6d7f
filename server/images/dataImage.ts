// Images the server stores inline: base64 raster data URLs whose bytes are what they claim. Never SVG: it can
// carry script. The first bytes decide the type, never the declared one.

/** A data URL image up to about 512 KiB. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** The longest data URL of an image of MAX_IMAGE_BYTES (base64 plus the `data:image/...;base64,` prefix). */
export const MAX_IMAGE_DATA_URL = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 32;

export type RasterType = 'png' | 'jpeg' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The raster format of an image by its first bytes (PNG, JPEG, GIF, WebP), else null. */
export function rasterType(bytes: Uint8Array): RasterType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A base64 PNG, JPEG, GIF or WebP data URL whose bytes match its declared type; else null. */
export function parseDataImage(value: string): { type: RasterType; bytes: Uint8Array } | null {
  if (value.length > MAX_IMAGE_DATA_URL) return null;
  const match = DATA_IMAGE.exec(value);
  if (!match) return null;
  const bytes = new Uint8Array(Buffer.from(match[2]!, 'base64'));
  if (bytes.length > MAX_IMAGE_BYTES || rasterType(bytes) !== match[1]) return null;
  return { type: match[1] as RasterType, bytes };
}

/** The data URL of an uploaded file's bytes when they are a raster image of at most MAX_IMAGE_BYTES; else null. */
export function dataImageOf(bytes: Uint8Array): string | null {
  const type = bytes.length <= MAX_IMAGE_BYTES ? rasterType(bytes) : null;
  return type && `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
