import type { AuditColumn } from '../../../../shared/api/audits';
import { AUDIT_COLUMNS } from '../../../../shared/api/contracts/audits';
import type { Translator } from '../../../../shared/i18n/translate';
import { formatAuditTime, type TimeSettings } from './auditTime';
import { SeverityBadge } from './severity';

const predefined = new Map(AUDIT_COLUMNS.map((c) => [c.name, c.displayName]));
type PredefinedName =
  'createdAt' | 'email' | 'action' | 'description' | 'ip' | 'severity' | 'userAgent' | 'json';

/**
 * A column's label: a predefined column the vendor did not rename speaks the page's language; any other
 * shows the metadata's displayName.
 */
export function columnLabel(
  column: Pick<AuditColumn, 'name' | 'displayName' | 'isPredefined'>,
  t: Translator['t'],
): string {
  if (!column.isPredefined || predefined.get(column.name) !== column.displayName) return column.displayName;
  return t(`adminPortal.audits.columns.${column.name as PredefinedName}`);
}

/** A row's value of a column the metadata names (a vendor's column is a field of the row too). */
export const valueOf = (row: object, name: string): unknown => (row as Record<string, unknown>)[name];

const text = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/**
 * One value of an audit row, as its column type shows it: a time in the account's zone and formats, the
 * severity as a badge, an email or IP address as plain left-to-right text, anything else as text. Values are
 * always rendered as text, never as markup.
 */
export function AuditValue({
  column,
  value,
  settings,
}: {
  column: Pick<AuditColumn, 'type' | 'name'>;
  value: unknown;
  settings: TimeSettings;
}) {
  switch (column.type) {
    case 'Timestamp': {
      const raw = text(value);
      return (
        <time dateTime={raw} dir="ltr" css={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
          {formatAuditTime(value, settings)}
        </time>
      );
    }
    case 'Severity':
      return <SeverityBadge value={value} />;
    case 'Email':
    case 'IpAddress':
      return <bdi data-value={column.name}>{text(value)}</bdi>;
    case 'Json':
      return <code>{text(value)}</code>;
    default:
      return <span data-value={column.name}>{text(value)}</span>;
  }
}
