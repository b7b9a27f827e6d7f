// The invoice PDF's file name, one rule for the server's Content-Disposition (server/billing/invoicePdf.ts)
// and the portal's download (shared/billing/state.ts). Zod-free, no React.

/** Any character outside letters, digits, `.`, `-` and `_` becomes `_`. */
const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A file name safe in a Content-Disposition header: letters, digits, `.`, `-`, `_`; ends in `.pdf`. The one
 * requested (cleaned, at most 120 characters, no leading `.` or `_`), else `invoice-<receiptNumber>.pdf`.
 */
export function invoiceFileName(requested: string | undefined, receiptNumber: string): string {
  const fallback = safe(`invoice-${receiptNumber}.pdf`);
  const cleaned = safe(requested ?? '')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  if (!cleaned || !/[A-Za-z0-9]/.test(cleaned)) return fallback;
  return cleaned.toLowerCase().endsWith('.pdf') ? cleaned : `${cleaned}.pdf`;
}
