import { useId, useMemo } from 'react';
import type { AuditSeverity, AuditsHistogram } from '../../../../shared/api/audits';
import { AUDIT_SEVERITIES } from '../../../../shared/api/audits';
import { useT } from '../../../../shared/i18n/useT';
import { Skeleton, visuallyHidden } from '../../../../shared/ui/Skeleton';
import { StackedBars, uplotCss, type BarSeries } from '../../../../shared/ui/StackedBars';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { formatDay, type TimeSettings } from './auditTime';
import { SEVERITY_COLOR } from './severity';

/** One day of the chart: its events by severity. */
export interface DayCounts {
  day: string;
  counts: Record<AuditSeverity, number>;
}

/** The histogram's days as the chart draws them (a day without a number counts 0). */
export function daysOf(histogram: AuditsHistogram | null): DayCounts[] {
  const days = Array.isArray(histogram?.days) ? histogram.days : [];
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  return days
    .filter((d) => typeof d?.day === 'string')
    .map((d) => ({
      day: d.day,
      counts: { INFO: count(d.INFO), WARNING: count(d.WARNING), SEVERE: count(d.SEVERE) },
    }));
}

/** Chart height in pixels, and the widest a bar gets. */
const HEIGHT = 180;
const BAR_MAX_WIDTH = 48;

/**
 * Events per day by severity (AUDITS-004's statistics over time) from the server's histogram, under the
 * list's search and filters: stacked bars drawn by uPlot, loaded with this page only (a dynamic import in the
 * page's chunk). The canvas is hidden from assistive technology: the summary line and a visually hidden table
 * say the same. The histogram loads on its own: a loader while it does, its error with a retry in its place.
 */
export function AuditsChart({
  histogram,
  settings,
  loading,
  error,
  onRetry,
}: {
  histogram: AuditsHistogram | null;
  settings: TimeSettings;
  loading: boolean;
  error?: string;
  onRetry: () => void;
}) {
  const { t, locale } = useT();
  const days = useMemo(() => daysOf(histogram), [histogram]);
  const titleId = useId();
  const labels = useMemo(() => days.map((d) => formatDay(d.day, settings)), [days, settings]);
  const totals = useMemo(
    () => days.map((d) => AUDIT_SEVERITIES.reduce((sum, s) => sum + d.counts[s], 0)),
    [days],
  );
  const total = totals.reduce((a, b) => a + b, 0);
  const peakIndex = totals.indexOf(Math.max(0, ...totals));
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);

  // Drawn from the top severity down, so each bar shows through above the next; the legend bottom first.
  const series = useMemo<BarSeries[]>(
    () =>
      [...AUDIT_SEVERITIES].reverse().map((s) => ({
        label: t(`adminPortal.audits.severity.${s}`),
        ...SEVERITY_COLOR[s],
        values: days.map((d) => d.counts[s]),
      })),
    [days, t],
  );

  const summary =
    days.length === 0 || total === 0
      ? t('adminPortal.audits.chart.empty')
      : t('adminPortal.audits.chart.summary', {
          total,
          from: labels[0] ?? '',
          to: labels[labels.length - 1] ?? '',
          peak: labels[peakIndex] ?? '',
          peakCount: number.format(totals[peakIndex] ?? 0),
        });

  return (
    <figure
      data-chart
      aria-labelledby={titleId}
      css={{
        margin: 0,
        padding: space.lg,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        background: 'var(--fe-color-surface)',
        display: 'grid',
        gap: space.sm,
        ...uplotCss,
      }}
    >
      <figcaption id={titleId} css={{ fontWeight: 600 }}>
        {t('adminPortal.audits.chart.title')}
      </figcaption>
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : loading && !histogram ? (
        <div data-chart-loading aria-busy="true" css={{ display: 'grid', gap: space.sm }}>
          <Skeleton width="60%" />
          <Skeleton height={HEIGHT} shape="block" />
        </div>
      ) : (
        <p
          data-chart-summary
          aria-busy={loading || undefined}
          css={{ margin: 0, color: 'var(--fe-color-text-secondary)', fontSize: '0.9em' }}
        >
          {summary}
          {histogram?.countedFrom && (
            <span data-chart-capped css={{ display: 'block' }}>
              {t('adminPortal.audits.chart.capped', { from: formatDay(histogram.countedFrom, settings) })}
            </span>
          )}
        </p>
      )}
      {!error && days.length > 0 && total > 0 && (
        <StackedBars
          labels={labels}
          series={series}
          height={HEIGHT}
          barMaxWidth={BAR_MAX_WIDTH}
          locale={locale}
          legendReversed
        />
      )}
      {!error && days.length > 0 && (
        <table data-chart-table css={visuallyHidden}>
          <caption>{t('adminPortal.audits.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminPortal.audits.chart.day')}</th>
              {AUDIT_SEVERITIES.map((s) => (
                <th key={s} scope="col">
                  {t(`adminPortal.audits.severity.${s}`)}
                </th>
              ))}
              <th scope="col">{t('adminPortal.audits.chart.total')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day} data-day={d.day}>
                <th scope="row">{labels[i]}</th>
                {AUDIT_SEVERITIES.map((s) => (
                  <td key={s}>{number.format(d.counts[s])}</td>
                ))}
                <td>{number.format(totals[i] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
