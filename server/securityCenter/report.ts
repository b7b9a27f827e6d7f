// The security posture report (issue 18 §4): one PDF (pdf-lib) with the date, the tenant's name and logo (a
// stored PNG or JPEG data image; a URL logo is not fetched), the score, the recommendations, the insights and
// the three tables of the security center (breached passwords, MFA not enrolled, inactive): their counts and
// first rows' emails.
//
// Text: the standard Helvetica font (nothing embedded, a small file). It encodes WinAnsi only, so a character
// it cannot draw (Hebrew, CJK, emoji in a tenant's or user's name) is replaced by `?` rather than failing the
// report — see docs/decisions/0023-security-center.md.
import { inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  INACTIVE_USER_SECONDS,
  SECURITY_CENTER_TABLE_LIMIT,
  type Insight,
  type Recommendation,
} from '../../shared/api/contracts/securityCenter';
import { dayIn } from '../../shared/api/contracts/audits';
import type { userFilterPreset } from '../../shared/api/contracts/team';
import type { Services } from '../context';
import { users } from '../db/schema';
import { pageOfUsers } from '../team/users';
import type { z } from 'zod';

type Preset = z.infer<typeof userFilterPreset>;

export interface ReportTable {
  title: string;
  total: number;
  emails: string[];
  /** The caller may not read users: the total only. */
  emailsWithheld?: boolean;
}

export interface ReportInput {
  tenantName: string;
  logo: string;
  date: Date;
  /** The account's time zone (TENANTS-004): the report's date is the account's day. */
  timeZone: string;
  score: number;
  recommendations: Recommendation[];
  insights: Insight[];
  tables: ReportTable[];
}

const TABLES: { preset: Preset; title: string }[] = [
  { preset: 'breached-passwords', title: 'Users with breached passwords' },
  { preset: 'mfa-unenrolled', title: 'Users without MFA' },
  { preset: 'inactive', title: 'Inactive users (no sign-in for 90 days)' },
];

/**
 * The three tables of the tenant: each preset's total and its first page's emails (SECCENTER-007). The emails
 * only for a caller who may read the users (`withEmails`); the totals for any reader.
 */
export async function reportTables(
  { db, vendorId }: Pick<Services, 'db' | 'vendorId'>,
  tenantId: string,
  now = new Date(),
  withEmails = true,
): Promise<ReportTable[]> {
  const out: ReportTable[] = [];
  for (const { preset, title } of TABLES) {
    const page = await pageOfUsers(
      db,
      vendorId,
      [tenantId],
      {
        page: 0,
        limit: SECURITY_CENTER_TABLE_LIMIT,
        sortBy: 'email',
        order: 'ASC',
        preset,
        maxInactiveSeconds: INACTIVE_USER_SECONDS,
        includeSubTenants: false,
      },
      now,
    );
    const rows =
      page.ids.length && withEmails
        ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, page.ids))
        : [];
    const emailOf = new Map(rows.map((r) => [r.id, r.email]));
    out.push({
      title,
      total: page.totalItems,
      emails: withEmails ? page.ids.map((id) => emailOf.get(id) ?? '') : [],
      emailsWithheld: !withEmails && page.totalItems > 0,
    });
  }
  return out;
}

/** `text` with every character the font cannot encode replaced by `?` (and no control characters). */
export function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return code < 32 || code === 127 ? ' ' : known.has(code) ? ch : '?';
    })
    .join('');
}

/** The largest logo side decoded: pdf-lib decodes a PNG's pixels whole (a small file may declare a huge image). */
export const MAX_LOGO_SIDE = 2048;

/** A PNG's width and height from its header (IHDR), or null when it is no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * A PNG or JPEG data image, embedded; anything else (a URL, GIF, WebP, a broken image, a PNG larger than
 * MAX_LOGO_SIDE on a side): none.
 */
async function embedLogo(pdf: PDFDocument, logo: string): Promise<PDFImage | undefined> {
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(logo);
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!, 'base64');
  const png = match[1]!.toLowerCase() === 'png';
  if (png) {
    const size = pngSize(bytes);
    if (!size || size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE) return undefined;
  }
  try {
    return match[1]!.toLowerCase() === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    return undefined;
  }
}

/** The account's zone when the runtime knows it, else UTC. */
function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const MARGIN = 50;
const WIDTH = 595.28; // A4
const HEIGHT = 841.89;

/** Renders the report. */
export async function renderReport(input: ReportInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Security posture report');
  pdf.setCreator('fe-elements');
  pdf.setCreationDate(input.date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const line = (text: string, { size = 11, font = regular, indent = 0, gap = 4 } = {}) => {
    if (y - size < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
    y -= size;
    const safe = encodable(font, text);
    // Cut a line the page cannot hold.
    const room = WIDTH - 2 * MARGIN - indent;
    let fitted = safe;
    while (fitted.length > 4 && font.widthOfTextAtSize(fitted, size) > room)
      fitted = `${fitted.slice(0, -4)}...`;
    page.drawText(fitted, { x: MARGIN + indent, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  const heading = (text: string) => {
    y -= 10;
    line(text, { size: 14, font: bold, gap: 6 });
  };

  const logo = await embedLogo(pdf, input.logo);
  if (logo) {
    const scaled = logo.scaleToFit(120, 48);
    page.drawImage(logo, { x: WIDTH - MARGIN - scaled.width, y: HEIGHT - MARGIN - scaled.height, ...scaled });
  }
  line('Security posture report', { size: 20, font: bold, gap: 8 });
  line(`Account: ${input.tenantName}`, { size: 12 });
  const zone = knownZone(input.timeZone);
  line(`Date: ${dayIn(input.date, zone)} (${zone})`, { size: 12 });
  y -= 8;
  line(`Security score: ${input.score} / 100`, { size: 16, font: bold, gap: 8 });

  heading(`Recommendations (${input.recommendations.length})`);
  if (!input.recommendations.length) line('None: every recommended setting is in place.');
  for (const r of input.recommendations) line(`${r.severity}  ${r.code}  (${r.category})`, { indent: 10 });

  heading(`Insights (${input.insights.length})`);
  for (const i of input.insights) line(`${i.code}  (${i.category})`, { indent: 10 });

  for (const table of input.tables) {
    heading(`${table.title}: ${table.total}`);
    if (table.emailsWithheld) {
      line('(the users are listed for those who may read the users)', { indent: 10 });
      continue;
    }
    if (!table.emails.length) line('None', { indent: 10 });
    for (const email of table.emails) line(email, { indent: 10 });
    if (table.total > table.emails.length)
      line(`... and ${table.total - table.emails.length} more`, { indent: 10 });
  }
  return pdf.save();
}
