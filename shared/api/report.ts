/** Report data filters travel as base64 of their JSON (API-021); UTF-8 safe, unlike a bare btoa(). */
export function encodeReportFilter(filter: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filter ?? null));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The inverse of encodeReportFilter. */
export function decodeReportFilter<T = unknown>(encoded: string): T {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}
