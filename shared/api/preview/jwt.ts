// JWT-shaped preview tokens: header.payload.signature with base64url JSON, so a client can decode them.
// The signature is a fixed marker: nothing verifies preview tokens.

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function encodePreviewJwt(payload: Record<string, unknown>): string {
  const header = { alg: 'HS256', typ: 'JWT', kid: 'preview' };
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.${base64Url('preview-signature')}`;
}

/** The payload of a preview token; null for anything else (an opaque or malformed value). */
export function decodePreviewJwt(token: string): Record<string, unknown> | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
