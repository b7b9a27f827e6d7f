import type { AuditSeverity } from '../../../../shared/api/audits';
import { AUDIT_SEVERITIES } from '../../../../shared/api/audits';
import { useT } from '../../../../shared/i18n/useT';
import { size, space } from '../../../../themes/tokens';

/** The theme colour of each severity (and a fallback where a theme lacks it, for the chart's canvas). */
export const SEVERITY_COLOR: Record<AuditSeverity, { variable: string; fallback: string }> = {
  INFO: { variable: '--fe-color-info', fallback: '#2563eb' },
  WARNING: { variable: '--fe-color-warning', fallback: '#d97706' },
  SEVERE: { variable: '--fe-color-error', fallback: '#dc2626' },
};

export const isSeverity = (value: unknown): value is AuditSeverity =>
  typeof value === 'string' && (AUDIT_SEVERITIES as readonly string[]).includes(value);

/** A severity as a coloured badge with its name (the colour is never the only sign). */
export function SeverityBadge({ value }: { value: unknown }) {
  const { t } = useT();
  const known = isSeverity(value);
  const color = known ? `var(${SEVERITY_COLOR[value].variable})` : 'var(--fe-color-border)';
  return (
    <span
      data-severity={known ? value : undefined}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: space.sm,
        padding: `1px ${space.md}`,
        borderRadius: size.radiusPill,
        border: `1px solid ${color}`,
        fontSize: '0.85em',
        fontWeight: value === 'SEVERE' ? 700 : 500,
        whiteSpace: 'nowrap',
        color: 'var(--fe-color-text)',
      }}
    >
      <span aria-hidden="true" css={{ width: 8, height: 8, borderRadius: '50%', background: color }} />
      {known ? t(`adminPortal.audits.severity.${value}`) : String(value ?? '')}
    </span>
  );
}
