import { dataImageBlob, MAX_PICTURE_BYTES } from '../../../../shared/api/profile';

/** A picked file as a base64 data URL (what the profile picture is read as). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

const signatures: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => String.fromCharCode(...b.subarray(0, 6)).match(/^GIF8[79]a$/) !== null,
  'image/webp': (b) =>
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};

/**
 * The picture to upload from a data URL, or null (PROFILE-002): only a base64 PNG, JPEG, GIF or WebP data
 * image whose bytes are what it claims, of at most 512 KiB. SVG (it can carry script) and anything else
 * is refused, and nothing is sent.
 */
export async function pictureToUpload(dataUrl: string): Promise<Blob | null> {
  const blob = dataImageBlob(dataUrl);
  if (!blob || blob.size === 0 || blob.size > MAX_PICTURE_BYTES) return null;
  const bytes = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  return signatures[blob.type]?.(bytes) ? blob : null;
}
