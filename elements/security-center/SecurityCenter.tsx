import { getRecommendations, type Recommendation } from '../../shared/api/securityCenter';
import { useAccountData } from '../../shared/api/useAccountData';
import { useT } from '../../shared/i18n/useT';
import type { MessageKey } from '../../shared/i18n/translate';
import { Alert, Card, ErrorState, Spinner } from '../../shared/ui';

const severityOrder = { SEVERE: 0, WARNING: 1, INFO: 2 } as const;

/** The React root of `<fe-security-center>`: the score and what to do next. */
export function SecurityCenter() {
  const { t } = useT();
  const { state, reload } = useAccountData(getRecommendations);
  if (state.status === 'signedOut') return <Alert severity="info">{t('common.signInRequired')}</Alert>;
  if (state.status === 'failed')
    return <ErrorState title={t('securityCenter.loadFailed')} message={state.error} onRetry={reload} />;
  if (state.status === 'loading') return <Spinner label={t('common.loading')} />;
  const { data } = state;
  const sorted = [...(data.items ?? data.recommendations ?? [])].sort(
    (a, b) => severityOrder[a.severity] - severityOrder[b.severity],
  );
  return (
    <Card>
      <h2 css={{ margin: '0 0 16px', fontSize: '1.4em' }}>{t('securityCenter.title')}</h2>
      <div css={{ display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ScoreGauge score={data.score} />
        <section aria-labelledby="fe-recommendations" css={{ flex: 1, minWidth: 240 }}>
          <h3 id="fe-recommendations" css={{ marginTop: 0 }}>
            {t('securityCenter.recommendations')}
          </h3>
          {sorted.length === 0 ? (
            <p>{t('securityCenter.noRecommendations')}</p>
          ) : (
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
              {sorted.map((r) => (
                <li
                  key={r.code}
                  data-code={r.code}
                  css={{
                    display: 'flex',
                    gap: 12,
                    alignItems: 'center',
                    padding: 8,
                    borderRadius: 'var(--fe-radius)',
                    border: '1px solid var(--fe-color-border)',
                  }}
                >
                  <SeverityTag severity={r.severity} />
                  <span css={{ flex: 1 }}>{t(`securityCenter.recommendation.${r.code}` as MessageKey)}</span>
                  <span css={{ color: 'var(--fe-color-text-secondary)', fontSize: '0.85em' }}>
                    {t(`securityCenter.category.${r.category.toUpperCase()}` as MessageKey)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}

function ScoreGauge({ score }: { score: number }) {
  const { t } = useT();
  const clamped = Math.max(0, Math.min(100, score));
  return (
    <figure css={{ margin: 0, textAlign: 'center' }} aria-label={t('securityCenter.score')}>
      <div
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-label={t('securityCenter.score')}
        data-score={clamped}
        css={{
          width: 132,
          height: 132,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          background: `conic-gradient(var(--fe-color-primary) ${clamped * 3.6}deg, var(--fe-color-border) 0)`,
        }}
      >
        <div
          css={{
            width: 104,
            height: 104,
            borderRadius: '50%',
            background: 'var(--fe-color-surface)',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <span css={{ fontSize: '2em', fontWeight: 700 }}>{clamped}</span>
        </div>
      </div>
      <figcaption css={{ marginTop: 8 }}>{t('securityCenter.scoreOutOf', { score: clamped })}</figcaption>
    </figure>
  );
}

function SeverityTag({ severity }: { severity: Recommendation['severity'] }) {
  const { t } = useT();
  const color = severity === 'SEVERE' ? 'error' : severity === 'WARNING' ? 'warning' : 'info';
  return (
    <span
      css={{
        minWidth: 64,
        textAlign: 'center',
        padding: '2px 8px',
        borderRadius: 999,
        fontSize: '0.8em',
        fontWeight: 600,
        background: `var(--fe-color-${color})`,
        color: `var(--fe-color-${color}-contrast)`,
      }}
    >
      {t(`securityCenter.severity.${severity}`)}
    </span>
  );
}
