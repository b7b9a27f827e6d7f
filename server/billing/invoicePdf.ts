// An invoice as a PDF (BILLING-054, pdf-lib): the vendor, the account, the receipt number, the period, the
// plan, the amount with its currency ("$49.00") and whether it is paid. The standard Helvetica font (nothing
// embedded); it encodes WinAnsi only, so any character it cannot draw in a name or address (Hebrew, CJK,
// emoji) becomes `?` rather than failing the document (as the security report does).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encodable } from '../securityCenter/report';

export interface InvoicePdfInput {
  vendorName: string;
  accountName: string;
  billingName: string;
  billingEmail: string;
  receiptNumber: string;
  description: string;
  planName: string;
  periodStart: Date;
  periodEnd: Date;
  /** Minor units. */
  totalAmount: number;
  currency: string;
  paid: boolean;
  /** When paid (or issued, unpaid). */
  date: Date;
  card: string;
}

/** An amount in minor units with its currency: `$49.00`, `€12.50`, `12.00 CHF`. */
export function formatAmount(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      minor / 100,
    );
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The file name rule is shared with the portal's download (shared/billing/invoiceFile.ts). */
export { invoiceFileName } from '../../shared/billing/invoiceFile';

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${input.receiptNumber}`);
  pdf.setProducer('fe-elements');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = pdf.addPage([595, 842]);
  const MARGIN = 56;
  let y = 842 - MARGIN;
  const text = (value: string, size = 11, f: PDFFont = font, x = MARGIN) => {
    page.drawText(encodable(f, value), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const line = (gap: number) => {
    y -= gap;
  };

  text(input.vendorName, 20, bold);
  line(30);
  text('Invoice', 16, bold);
  text(input.paid ? 'PAID' : 'UNPAID', 16, bold, 595 - MARGIN - 80);
  line(26);
  const rows: [string, string][] = [
    ['Receipt number', input.receiptNumber],
    [input.paid ? 'Paid on' : 'Issued on', day(input.date)],
    ['Account', input.accountName],
    ...(input.billingName ? ([['Billed to', input.billingName]] as [string, string][]) : []),
    ...(input.billingEmail ? ([['Email', input.billingEmail]] as [string, string][]) : []),
    ...(input.card ? ([['Payment method', input.card]] as [string, string][]) : []),
  ];
  for (const [label, value] of rows) {
    text(label, 11, bold);
    text(value, 11, font, MARGIN + 130);
    line(18);
  }
  line(16);
  text('Description', 11, bold);
  text('Amount', 11, bold, 595 - MARGIN - 90);
  line(18);
  text(`${input.planName} plan`, 11);
  text(formatAmount(input.totalAmount, input.currency), 11, font, 595 - MARGIN - 90);
  line(16);
  text(`Period: ${day(input.periodStart)} - ${day(input.periodEnd)}`, 10);
  line(16);
  if (input.description) {
    text(input.description.slice(0, 90), 10);
    line(16);
  }
  line(12);
  text('Total', 12, bold);
  text(formatAmount(input.totalAmount, input.currency), 12, bold, 595 - MARGIN - 90);
  line(18);
  text(input.paid ? 'Status: Paid' : 'Status: Unpaid', 11);
  return pdf.save();
}
