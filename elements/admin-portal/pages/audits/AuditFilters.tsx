import { useEffect, useRef, useState } from 'react';
import { AUDIT_SEVERITIES, createdAtFilter, type AuditColumn } from '../../../../shared/api/audits';
import { useT } from '../../../../shared/i18n/useT';
import { Button, TextField } from '../../../../shared/ui';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { zonedInstant } from './auditTime';
import { columnLabel } from './AuditValue';

/** The date inputs of a Timestamp column: calendar days in the account's zone. */
export interface DayRange {
  from: string;
  to: string;
}

export interface AuditFiltersProps {
  /** The filterable columns of the metadata. */
  columns: readonly AuditColumn[];
  /** The account's time zone: a day starts and ends there. */
  zone: string;
  /** The applied column filters, by column name. */
  onChange: (filters: Record<string, string>, ranges: Record<string, DayRange>) => void;
  /** Milliseconds between the last key stroke in a text filter and applying it. */
  debounceMs: number;
}

const EMPTY_RANGE: DayRange = { from: '', to: '' };

/**
 * One filter per filterable column, suited to its type (AUDITS-004): a date range for a Timestamp, a select
 * for the Severity, text for the others (email, IP, action…). Text filters apply once typing pauses; a
 * select or a date at once. A range whose start is after its end is named and not applied.
 */
export function AuditFilters({ columns, zone, onChange, debounceMs }: AuditFiltersProps) {
  const { t } = useT();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [ranges, setRanges] = useState<Record<string, DayRange>>({});
  const [severity, setSeverity] = useState<Record<string, string>>({});
  const first = useRef(true);
  /** A text filter waits for the typing to pause; a select or a date applies at once. */
  const delay = useRef(0);
  const latest = useRef(onChange);
  latest.current = onChange;

  const invalid = (range: DayRange) => range.from !== '' && range.to !== '' && range.from > range.to;

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const filters: Record<string, string> = {};
      for (const [name, value] of Object.entries(texts)) if (value.trim()) filters[name] = value.trim();
      for (const [name, value] of Object.entries(severity)) if (value) filters[name] = value;
      const applied: Record<string, DayRange> = {};
      for (const [name, range] of Object.entries(ranges)) {
        if (invalid(range)) continue;
        const value = createdAtFilter(zonedInstant(range.from, zone), zonedInstant(range.to, zone, true));
        if (value) {
          filters[name] = value;
          applied[name] = range;
        }
      }
      latest.current(filters, applied);
    }, delay.current);
    return () => clearTimeout(timer);
  }, [texts, ranges, severity, zone]);

  const any =
    Object.values(texts).some(Boolean) ||
    Object.values(severity).some(Boolean) ||
    Object.values(ranges).some((r) => r.from || r.to);

  return (
    <fieldset
      data-filters
      css={{
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        margin: 0,
        padding: space.lg,
        display: 'grid',
        gap: space.md,
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        alignItems: 'end',
      }}
    >
      <legend css={{ padding: `0 ${space.xs}`, fontWeight: 600 }}>
        {t('adminPortal.audits.filters.label')}
      </legend>
      {columns.map((column) => {
        if (column.type === 'Timestamp') {
          const range = ranges[column.name] ?? EMPTY_RANGE;
          const set = (part: keyof DayRange, value: string) => {
            delay.current = 0;
            setRanges((all) => ({ ...all, [column.name]: { ...range, [part]: value } }));
          };
          return (
            <div key={column.name} css={{ display: 'contents' }}>
              <TextField
                type="date"
                label={t('adminPortal.audits.filters.from', { column: columnLabel(column, t) })}
                value={range.from}
                max={range.to || undefined}
                data-filter={`${column.name}-from`}
                onChange={(event) => set('from', event.currentTarget.value)}
              />
              <TextField
                type="date"
                label={t('adminPortal.audits.filters.to', { column: columnLabel(column, t) })}
                value={range.to}
                min={range.from || undefined}
                data-filter={`${column.name}-to`}
                error={invalid(range) ? t('adminPortal.audits.filters.invalidRange') : null}
                onChange={(event) => set('to', event.currentTarget.value)}
              />
            </div>
          );
        }
        if (column.type === 'Severity')
          return (
            <Select
              key={column.name}
              label={columnLabel(column, t)}
              value={severity[column.name] ?? ''}
              data-filter={column.name}
              onChange={(event) => {
                const value = event.currentTarget.value;
                delay.current = 0;
                setSeverity((all) => ({ ...all, [column.name]: value }));
              }}
            >
              <option value="">{t('adminPortal.audits.filters.any')}</option>
              {AUDIT_SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminPortal.audits.severity.${s}`)}
                </option>
              ))}
            </Select>
          );
        return (
          <TextField
            key={column.name}
            label={columnLabel(column, t)}
            value={texts[column.name] ?? ''}
            data-filter={column.name}
            type={column.type === 'Email' ? 'search' : 'text'}
            dir={column.type === 'IpAddress' || column.type === 'Email' ? 'ltr' : undefined}
            autoComplete="off"
            onChange={(event) => {
              const value = event.currentTarget.value;
              delay.current = debounceMs;
              setTexts((all) => ({ ...all, [column.name]: value }));
            }}
          />
        );
      })}
      {any && (
        <div>
          <Button
            variant="secondary"
            data-action="clear-filters"
            onClick={() => {
              delay.current = 0;
              setTexts({});
              setRanges({});
              setSeverity({});
            }}
          >
            {t('adminPortal.audits.filters.clear')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
