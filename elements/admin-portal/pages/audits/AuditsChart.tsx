import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { AuditSeverity, AuditsHistogram } from '../../../../shared/api/audits';
import { AUDIT_SEVERITIES } from '../../../../shared/api/audits';
import { useT } from '../../../../shared/i18n/useT';
import { Skeleton, visuallyHidden } from '../../../../shared/ui/Skeleton';
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

/** Chart height in pixels. */
const HEIGHT = 180;

/**
 * uPlot's own stylesheet (dist/uPlot.min.css), the rules this chart uses: the element's styles live in its
 * shadow root (emotion's cache there), where a document stylesheet does not reach.
 */
const uplotCss = {
  '.uplot, .uplot *, .uplot *::before, .uplot *::after': { boxSizing: 'border-box' },
  '.uplot': { fontFamily: 'inherit', lineHeight: 1.5, width: 'min-content' },
  '.u-wrap': { position: 'relative', userSelect: 'none' },
  '.u-over, .u-under': { position: 'absolute' },
  '.u-under': { overflow: 'hidden' },
  '.uplot canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
  '.u-axis': { position: 'absolute' },
  '.u-select': { background: 'rgba(0,0,0,0.07)', position: 'absolute', pointerEvents: 'none' },
  '.u-cursor-x, .u-cursor-y': {
    position: 'absolute',
    left: 0,
    top: 0,
    pointerEvents: 'none',
    willChange: 'transform',
  },
  '.u-hz .u-cursor-x': { height: '100%', borderRight: '1px dashed #607D8B' },
  '.u-hz .u-cursor-y': { width: '100%', borderBottom: '1px dashed #607D8B' },
  '.u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off': {
    display: 'none',
  },
} as const;

/** The value of a theme variable on the element (a canvas cannot read CSS variables itself). */
function cssVar(node: Element, name: string, fallback: string): string {
  return getComputedStyle(node).getPropertyValue(name).trim() || fallback;
}

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
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const labels = useMemo(() => days.map((d) => formatDay(d.day, settings)), [days, settings]);
  const totals = useMemo(
    () => days.map((d) => AUDIT_SEVERITIES.reduce((sum, s) => sum + d.counts[s], 0)),
    [days],
  );
  const total = totals.reduce((a, b) => a + b, 0);
  const peakIndex = totals.indexOf(Math.max(0, ...totals));
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);

  useEffect(() => {
    const node = host.current;
    if (!node || days.length === 0) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        const color = (s: AuditSeverity) =>
          cssVar(node, SEVERITY_COLOR[s].variable, SEVERITY_COLOR[s].fallback);
        const text = cssVar(node, '--fe-color-text-secondary', '#555');
        const grid = cssVar(node, '--fe-color-border', '#ddd');
        // Stacked bars: each series is the sum of its severity and those below it, drawn from the top
        // severity down, so each bar shows through above the next.
        const order = [...AUDIT_SEVERITIES].reverse();
        const cumulative = order.map((_, i) =>
          days.map((d) => order.slice(i).reduce((sum, s) => sum + d.counts[s], 0)),
        );
        const bars = UPlot.paths.bars?.({ size: [0.6, 48] });
        const options: uPlot.Options = {
          width: Math.max(node.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: [-0.5, days.length - 0.5] },
            y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
          },
          axes: [
            {
              stroke: text,
              grid: { show: false },
              ticks: { stroke: grid },
              splits: () => days.map((_, i) => i).filter((i) => i % Math.ceil(days.length / 8) === 0),
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            },
            {
              stroke: text,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              // Whole numbers of events only.
              incrs: [
                1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 1e6,
              ],
              values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? number.format(v) : '')),
            },
          ],
          series: [
            {},
            ...order.map((s) => ({
              label: t(`adminPortal.audits.severity.${s}`),
              fill: color(s),
              stroke: color(s),
              width: 0,
              paths: bars,
              points: { show: false },
            })),
          ],
        };
        chart = new UPlot(options, [days.map((_, i) => i), ...cumulative], node);
        observer = new ResizeObserver(() => {
          if (chart && node.clientWidth > 0) chart.setSize({ width: node.clientWidth, height: HEIGHT });
        });
        observer.observe(node);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, labels, number, t]);

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
      {!error && days.length > 0 && total > 0 && !failed && (
        <>
          <div
            ref={host}
            data-chart-canvas
            aria-hidden="true"
            css={{ width: '100%', minHeight: HEIGHT, direction: 'ltr' }}
          />
          <ul
            aria-hidden="true"
            css={{
              display: 'flex',
              gap: space.lg,
              margin: 0,
              padding: 0,
              listStyle: 'none',
              fontSize: '0.85em',
            }}
          >
            {AUDIT_SEVERITIES.map((s) => (
              <li key={s} css={{ display: 'inline-flex', alignItems: 'center', gap: space.xs }}>
                <span
                  css={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: `var(${SEVERITY_COLOR[s].variable}, ${SEVERITY_COLOR[s].fallback})`,
                  }}
                />
                {t(`adminPortal.audits.severity.${s}`)}
              </li>
            ))}
          </ul>
        </>
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
