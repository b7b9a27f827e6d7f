// Stacked bars drawn by uPlot, for the charts of the audits page and the security center. uPlot is imported
// when a chart first draws (a dynamic import): a page or element without a chart never loads it, and this
// module is imported by those charts only (not by shared/ui/index.ts, so not by the login box).
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { space } from '../../themes/tokens';

/**
 * uPlot's own stylesheet (dist/uPlot.min.css), the rules these charts use: an element's styles live in its
 * shadow root (emotion's cache there), where a document stylesheet does not reach. Spread into the css of the
 * chart's container.
 */
export const uplotCss = {
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

/** A series of a bar chart: its name, its theme colour (variable and fallback) and one value per bar. */
export interface BarSeries {
  label: string;
  variable: string;
  fallback: string;
  values: number[];
}

/** The value of a theme variable on the element (a canvas cannot read CSS variables itself). */
function cssVar(node: Element, name: string, fallback: string): string {
  return getComputedStyle(node).getPropertyValue(name).trim() || fallback;
}

/** Whole-number steps of the value axis. */
const INCREMENTS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 1e6,
];

/**
 * Stacked bars: each series is drawn as the sum of itself and the series after it, first to last, so each
 * shows through above the next. At most 8 labels on the category axis. The canvas and the legend are hidden
 * from assistive technology: the caller gives the same numbers as text (a summary, a visually hidden table).
 * Nothing is shown when uPlot cannot load.
 */
export function StackedBars({
  labels,
  series,
  height,
  barMaxWidth,
  locale,
  legendReversed = false,
}: {
  labels: string[];
  series: BarSeries[];
  height: number;
  /** The widest a bar gets, in pixels. */
  barMaxWidth: number;
  /** The locale the value axis's numbers are written in (none: plain digits). */
  locale?: string;
  /** The legend lists the series last to first (bottom of the stack first). */
  legendReversed?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify({ labels, series, height, barMaxWidth });
  useEffect(() => {
    const node = host.current;
    if (!node || labels.length === 0) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    const number = locale ? new Intl.NumberFormat(locale) : null;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        const text = cssVar(node, '--fe-color-text-secondary', '#555');
        const grid = cssVar(node, '--fe-color-border', '#ddd');
        const cumulative = series.map((_, i) =>
          labels.map((__, bar) => series.slice(i).reduce((sum, s) => sum + (s.values[bar] ?? 0), 0)),
        );
        const bars = UPlot.paths.bars?.({ size: [0.6, barMaxWidth] });
        const options: uPlot.Options = {
          width: Math.max(node.clientWidth, 200),
          height,
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
              splits: () => labels.map((_, i) => i).filter((i) => i % Math.ceil(labels.length / 8) === 0),
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            },
            {
              stroke: text,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              // Whole numbers only.
              incrs: INCREMENTS,
              values: (_u, splits) =>
                splits.map((v) => (Number.isInteger(v) ? (number ? number.format(v) : String(v)) : '')),
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
          if (chart && node.clientWidth > 0) chart.setSize({ width: node.clientWidth, height });
        });
        observer.observe(node);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
    // The key holds the labels, series and sizes by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, locale]);
  if (failed) return null;
  const legend = legendReversed ? [...series].reverse() : series;
  return (
    <>
      <div
        ref={host}
        data-chart-canvas
        aria-hidden="true"
        css={{ width: '100%', minHeight: height, direction: 'ltr' }}
      />
      <ul
        aria-hidden="true"
        css={{ display: 'flex', gap: space.lg, margin: 0, padding: 0, listStyle: 'none', fontSize: '0.85em' }}
      >
        {legend.map((s) => (
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
