import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { Insight, Recommendation } from '../../shared/api/securityCenter';
import { useT } from '../../shared/i18n/useT';
import type { MessageKey } from '../../shared/i18n/translate';
import { visuallyHidden } from '../../shared/ui/Skeleton';
import { space } from '../../themes/tokens';
import { insightsByCategory, isGoodInsight, mfaAdoption } from './model';

/** Chart height in pixels. */
const HEIGHT = 160;

/** uPlot's own stylesheet, the rules these charts use (the element's styles live in its shadow root). */
const uplotCss = {
  '.uplot, .uplot *, .uplot *::before, .uplot *::after': { boxSizing: 'border-box' },
  '.uplot': { fontFamily: 'inherit', lineHeight: 1.5, width: 'min-content' },
  '.u-wrap': { position: 'relative', userSelect: 'none' },
  '.u-over, .u-under': { position: 'absolute' },
  '.u-under': { overflow: 'hidden' },
  '.uplot canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
  '.u-axis': { position: 'absolute' },
  '.u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off': {
    display: 'none',
  },
} as const;

/** A series of a bar chart: its name, its theme colour and one value per bar. */
interface BarSeries {
  label: string;
  variable: string;
  fallback: string;
  values: number[];
}

function cssVar(node: Element, name: string, fallback: string): string {
  return getComputedStyle(node).getPropertyValue(name).trim() || fallback;
}

/**
 * Stacked bars drawn by uPlot, loaded with the security center only (a dynamic import: the element's first
 * load does not carry it). The canvas is hidden from assistive technology; the caller's summary and table
 * say the same.
 */
function StackedBars({ labels, series }: { labels: string[]; series: BarSeries[] }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify({ labels, series });
  useEffect(() => {
    const node = host.current;
    if (!node || labels.length === 0) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        const text = cssVar(node, '--fe-color-text-secondary', '#555');
        const grid = cssVar(node, '--fe-color-border', '#ddd');
        // Each drawn series is the sum of itself and those after it, drawn first to last.
        const cumulative = series.map((_, i) =>
          labels.map((__, bar) => series.slice(i).reduce((sum, s) => sum + (s.values[bar] ?? 0), 0)),
        );
        const bars = UPlot.paths.bars?.({ size: [0.6, 56] });
        const options: uPlot.Options = {
          width: Math.max(node.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: [-0.5, labels.length - 0.5] },
            y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
          },
          axes: [
            {
              stroke: text,
              grid: { show: false },
              ticks: { stroke: grid },
              splits: () => labels.map((_, i) => i),
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            },
            {
              stroke: text,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10_000, 100_000],
              values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
            },
          ],
          series: [
            {},
            ...series.map((s) => {
              const color = cssVar(node, s.variable, s.fallback);
              return {
                label: s.label,
                fill: color,
                stroke: color,
                width: 0,
                paths: bars,
                points: { show: false },
              };
            }),
          ],
        };
        chart = new UPlot(options, [labels.map((_, i) => i), ...cumulative], node);
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
    // The key holds the labels and series by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (failed) return null;
  return (
    <>
      <div
        ref={host}
        data-chart-canvas
        aria-hidden="true"
        css={{ width: '100%', minHeight: HEIGHT, direction: 'ltr' }}
      />
      <ul
        aria-hidden="true"
        css={{ display: 'flex', gap: space.lg, margin: 0, padding: 0, listStyle: 'none', fontSize: '0.85em' }}
      >
        {series.map((s) => (
          <li key={s.label} css={{ display: 'inline-flex', alignItems: 'center', gap: space.xs }}>
            <span
              css={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(${s.variable}, ${s.fallback})`,
              }}
            />
            {s.label}
          </li>
        ))}
      </ul>
    </>
  );
}

const figureCss = {
  margin: 0,
  padding: space.lg,
  border: '1px solid var(--fe-color-border)',
  borderRadius: 'var(--fe-radius)',
  background: 'var(--fe-color-surface)',
  display: 'grid',
  gap: space.sm,
  alignContent: 'start',
  minWidth: 0,
  ...uplotCss,
} as const;

const summaryCss = { margin: 0, color: 'var(--fe-color-text-secondary)', fontSize: '0.9em' } as const;

const GOOD = { variable: '--fe-color-success', fallback: '#16a34a' };
const NEEDS_WORK = { variable: '--fe-color-warning', fallback: '#d97706' };

/** MFA adoption: enrolled users against the others (totalUsers, mfa.enrolledUsersCount). */
export function MfaAdoptionChart({
  recommendations,
  insights,
}: {
  recommendations: readonly Recommendation[];
  insights: readonly Insight[];
}) {
  const { t } = useT();
  const titleId = useId();
  const adoption = mfaAdoption(recommendations, insights);
  if (!adoption) return null;
  const { total, enrolled } = adoption;
  const notEnrolled = total - enrolled;
  const percent = total === 0 ? 0 : Math.round((enrolled / total) * 100);
  const labels = [t('securityCenter.charts.enrolled'), t('securityCenter.charts.notEnrolled')];
  return (
    <figure data-chart="mfa" aria-labelledby={titleId} css={figureCss}>
      <figcaption id={titleId} css={{ fontWeight: 600 }}>
        {t('securityCenter.charts.mfaTitle')}
      </figcaption>
      <p data-chart-summary css={summaryCss}>
        {total === 0
          ? t('securityCenter.charts.mfaNoUsers')
          : t('securityCenter.charts.mfaSummary', { enrolled, total, percent })}
      </p>
      {total > 0 && (
        <StackedBars
          labels={labels}
          series={[
            { label: t('securityCenter.charts.enrolled'), ...GOOD, values: [enrolled, 0] },
            { label: t('securityCenter.charts.notEnrolled'), ...NEEDS_WORK, values: [0, notEnrolled] },
          ]}
        />
      )}
      <table data-chart-table css={visuallyHidden}>
        <caption>{t('securityCenter.charts.mfaTitle')}</caption>
        <tbody>
          <tr>
            <th scope="row">{labels[0]}</th>
            <td>{enrolled}</td>
          </tr>
          <tr>
            <th scope="row">{labels[1]}</th>
            <td>{notEnrolled}</td>
          </tr>
        </tbody>
      </table>
    </figure>
  );
}

/** The insight categories: per category, the insights that are good and those that need work. */
export function InsightCategoriesChart({ insights }: { insights: readonly Insight[] }) {
  const { t } = useT();
  const titleId = useId();
  const groups = insightsByCategory(insights);
  if (groups.length === 0) return null;
  const rows = groups.map(({ category, items }) => ({
    label: t(`securityCenter.category.${category}` as MessageKey),
    good: items.filter(isGoodInsight).length,
    needsWork: items.filter((i) => !isGoodInsight(i)).length,
  }));
  const good = rows.reduce((n, r) => n + r.good, 0);
  const needsWork = rows.reduce((n, r) => n + r.needsWork, 0);
  return (
    <figure data-chart="categories" aria-labelledby={titleId} css={figureCss}>
      <figcaption id={titleId} css={{ fontWeight: 600 }}>
        {t('securityCenter.charts.categoriesTitle')}
      </figcaption>
      <p data-chart-summary css={summaryCss}>
        {t('securityCenter.charts.categoriesSummary', { good, needsWork })}
      </p>
      <StackedBars
        labels={rows.map((r) => r.label)}
        series={[
          { label: t('securityCenter.charts.good'), ...GOOD, values: rows.map((r) => r.good) },
          {
            label: t('securityCenter.charts.needsWork'),
            ...NEEDS_WORK,
            values: rows.map((r) => r.needsWork),
          },
        ]}
      />
      <table data-chart-table css={visuallyHidden}>
        <caption>{t('securityCenter.charts.categoriesTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('securityCenter.charts.category')}</th>
            <th scope="col">{t('securityCenter.charts.good')}</th>
            <th scope="col">{t('securityCenter.charts.needsWork')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.good}</td>
              <td>{r.needsWork}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
