import { useId } from 'react';
import type { Insight, Recommendation } from '../../shared/api/securityCenter';
import { useT } from '../../shared/i18n/useT';
import type { MessageKey } from '../../shared/i18n/translate';
import { visuallyHidden } from '../../shared/ui/Skeleton';
import { StackedBars, uplotCss } from '../../shared/ui/StackedBars';
import { space } from '../../themes/tokens';
import { insightsByCategory, isGoodInsight, mfaAdoption } from './model';

/** Chart height in pixels, and the widest a bar gets. */
const HEIGHT = 160;
const BAR_MAX_WIDTH = 56;

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
          height={HEIGHT}
          barMaxWidth={BAR_MAX_WIDTH}
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
        height={HEIGHT}
        barMaxWidth={BAR_MAX_WIDTH}
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
