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
