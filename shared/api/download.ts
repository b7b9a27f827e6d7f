/** Starts a browser download of `blob` (API-008) with a detached anchor: the host's document is never touched. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.click();
  // Revoking in the same task can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a `Content-Disposition` header (`filename*` preferred), or `fallback`. */
export function fileNameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const encoded = value.replace(/^[\w!#$%&+^`{}~-]*'[^']*'/, '');
    try {
      const name = decodeURIComponent(encoded);
      if (name) return sanitizeFileName(name, fallback);
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
    if (name) return sanitizeFileName(name, fallback);
  }
  return fallback;
}

function sanitizeFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? fallback : base;
}

/** True when the header asks for a download. */
export function isAttachment(header: string | null): boolean {
  return !!header && /^\s*attachment\b/i.test(header);
}
