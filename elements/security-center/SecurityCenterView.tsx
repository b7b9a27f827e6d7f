import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/errors';
import {
  securityCenterApi,
  type Insight,
  type Recommendation,
  type SecurityCenterApi,
} from '../../shared/api/securityCenter';
import { securityPolicyApi, type SecurityPolicyApi } from '../../shared/api/securityPolicy';
import { hasPermission } from '../../shared/auth/permissions';
import { userAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import type { MessageKey } from '../../shared/i18n/translate';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Alert, Button, ConfirmDialog, ErrorState, SkeletonBlock, useToast } from '../../shared/ui';
import { space } from '../../themes/tokens';
import {
  actionOf,
  adjustment,
  bySeverity,
  categoryOf,
  explanationParams,
  insightsByCategory,
  isGoodInsight,
  permissionFor,
  type FixPage,
  type RecommendationAction,
} from './model';
import { InsightCategoriesChart, MfaAdoptionChart } from './SecurityCharts';
import { UserTables } from './UserTables';

interface Posture {
  score: number;
  recommendations: Recommendation[];
  insights: Insight[];
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; data: Posture } | { status: 'failed'; error: string };

export interface SecurityCenterViewProps {
  /** Opens the portal page that fixes a recommendation; `from` is the control that asked. */
  onOpenPage: (page: FixPage, from: Element) => void;
  api?: SecurityCenterApi;
  policies?: Pick<SecurityPolicyApi, 'getSessionConfiguration' | 'saveSessionConfiguration'>;
  /** The heading level of the view's title (2 in the element, hidden in the portal page that titles itself). */
  showTitle?: boolean;
}

/**
 * The security center (SCREEN-069, SECCENTER-001): the score, the recommendations most severe first with
 * their actions (ENUM-050), the insights by category with two small charts, the three user tables and the
 * report. The score, the lists and the tables load again after every action.
 */
export function SecurityCenterView({
  onOpenPage,
  api = securityCenterApi,
  policies = securityPolicyApi,
  showTitle = true,
}: SecurityCenterViewProps) {
  const { t } = useT();
  const toast = useToast();
  const user = useAtomValue(userAtom);
  const { preview } = useAtomValue(optionsAtom);
  // Loaded again on a tenant switch (another account's posture), not on a token renewal.
  const loadKey = preview ? 'preview' : user ? `${user.id}|${user.tenantId}` : undefined;
  // What the caller may change; a preview without a signed-in user shows every action (nothing is saved).
  const granted = useMemo(
    () => (preview && !user ? null : (user?.permissions.map((p) => p.key) ?? [])),
    [preview, user],
  );
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** Bumped after each action: the posture and the tables load again, the view stays in place. */
  const [version, setVersion] = useState(0);
  const [pending, setPending] = useState<{
    recommendation: Recommendation;
    action: RecommendationAction;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!loadKey) return;
    let live = true;
    if (version === 0) setState({ status: 'loading' });
    Promise.all([api.getRecommendations(), api.getInsights()]).then(
      ([recs, ins]) =>
        live &&
        setState({
          status: 'ready',
          data: {
            score: recs.scoring.score,
            recommendations: recs.recommendations.items,
            insights: ins.insights.items,
          },
        }),
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // t changes with the locale only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, loadKey, attempt, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const runPending = async () => {
    if (!pending) return;
    const { action } = pending;
    setBusy(true);
    try {
      if (action.kind === 'reset') {
        const answer = await api.sendResetBreachedPasswordEmails();
        toast({ text: t('securityCenter.action.resetSent', { count: answer?.sent ?? 0 }) });
      } else if (action.kind === 'adjust') {
        // The current policy first (it must exist and be readable); the save carries only the changed part.
        await policies.getSessionConfiguration();
        await policies.saveSessionConfiguration(adjustment(action.key).patch);
        toast({ text: t('securityCenter.action.adjustApplied') });
      }
      setPending(null);
      refresh();
    } catch (error) {
      setPending(null);
      toast({
        severity: 'error',
        text: t('securityCenter.action.failed', { error: errorMessage(error, t('common.genericError')) }),
      });
    } finally {
      setBusy(false);
    }
  };

  const downloadReport = async () => {
    setDownloading(true);
    try {
      await api.downloadReport();
    } catch (error) {
      toast({
        severity: 'error',
        text: t('securityCenter.report.failed', { error: errorMessage(error, t('common.genericError')) }),
      });
    } finally {
      setDownloading(false);
    }
  };

  if (!loadKey) return <Alert severity="info">{t('common.signInRequired')}</Alert>;
  if (state.status === 'failed')
    return (
      <ErrorState
        title={t('securityCenter.loadFailed')}
        message={state.error}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  if (state.status === 'loading') return <SkeletonBlock label={t('common.loading')} title lines={8} />;
  const { data } = state;
  const sorted = bySeverity(data.recommendations);

  return (
    <div data-security-center css={{ display: 'grid', gap: space.xl }}>
      <div css={{ display: 'flex', gap: space.lg, alignItems: 'center', flexWrap: 'wrap' }}>
        {showTitle && <h2 css={{ margin: 0, fontSize: '1.4em', flex: 1 }}>{t('securityCenter.title')}</h2>}
        <Button
          variant="secondary"
          data-download-report
          disabled={downloading}
          onClick={() => void downloadReport()}
          css={showTitle ? undefined : { marginInlineStart: 'auto' }}
        >
          {downloading ? t('securityCenter.report.downloading') : t('securityCenter.report.download')}
        </Button>
      </div>
      <div css={{ display: 'flex', gap: space.xl, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ScoreGauge score={data.score} />
        <section aria-labelledby="fe-recommendations" css={{ flex: 1, minWidth: 260 }}>
          <h3 id="fe-recommendations" css={{ marginTop: 0 }}>
            {t('securityCenter.recommendations')}
          </h3>
          {sorted.length === 0 ? (
            <p>{t('securityCenter.noRecommendations')}</p>
          ) : (
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: space.sm }}>
              {sorted.map((r) => (
                <RecommendationRow
                  key={r.code}
                  recommendation={r}
                  granted={granted}
                  onAction={(action, from) =>
                    action.kind === 'link'
                      ? onOpenPage(action.page, from)
                      : action.kind !== 'none' && setPending({ recommendation: r, action })
                  }
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="fe-insights" css={{ display: 'grid', gap: space.lg }}>
        <h3 id="fe-insights" css={{ margin: 0 }}>
          {t('securityCenter.insights')}
        </h3>
        <div
          css={{
            display: 'grid',
            gap: space.lg,
            gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
          }}
        >
          <MfaAdoptionChart recommendations={data.recommendations} insights={data.insights} />
          <InsightCategoriesChart insights={data.insights} />
        </div>
        <Insights insights={data.insights} />
      </section>
      <section aria-labelledby="fe-user-tables" css={{ display: 'grid', gap: space.lg }}>
        <h3 id="fe-user-tables" css={{ margin: 0 }}>
          {t('securityCenter.usersToFollowUp')}
        </h3>
        <UserTables key={loadKey} api={api} version={version} />
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action.kind === 'reset'
            ? t('securityCenter.action.resetTitle')
            : t('securityCenter.action.adjustTitle')
        }
        confirmLabel={
          pending?.action.kind === 'reset'
            ? t('securityCenter.action.resetConfirm')
            : t('securityCenter.action.adjustConfirm')
        }
        busy={busy}
        onConfirm={() => void runPending()}
        onClose={() => !busy && setPending(null)}
      >
        {pending?.action.kind === 'reset' ? (
          <p data-confirm-text>{t('securityCenter.action.resetBody')}</p>
        ) : pending?.action.kind === 'adjust' ? (
          <p data-confirm-text>
            {t(`securityCenter.action.${pending.action.key}`, adjustment(pending.action.key).params)}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function RecommendationRow({
  recommendation: r,
  granted,
  onAction,
}: {
  recommendation: Recommendation;
  granted: readonly string[] | null;
  onAction: (action: RecommendationAction, from: Element) => void;
}) {
  const { t } = useT();
  const action = actionOf(r);
  const needed = permissionFor(action);
  // A change the caller may not make is not offered (the server would refuse it with a 403).
  const offered = action.kind !== 'none' && (!needed || !granted || hasPermission(granted, needed));
  const category = categoryOf(r.category);
  const label =
    action.kind === 'reset'
      ? t('securityCenter.action.sendResetEmails')
      : action.kind === 'adjust'
        ? t('securityCenter.action.apply', {
            value: t(`securityCenter.action.value.${action.key}`, adjustment(action.key).params),
          })
        : t('securityCenter.action.open');
  return (
    <li
      data-code={r.code}
      data-action={action.kind}
      css={{
        display: 'flex',
        gap: space.md,
        alignItems: 'center',
        flexWrap: 'wrap',
        padding: space.sm,
        borderRadius: 'var(--fe-radius)',
        border: '1px solid var(--fe-color-border)',
      }}
    >
      <SeverityTag severity={r.severity} />
      <div css={{ flex: 1, minWidth: 180, display: 'grid', gap: 2 }}>
        <span css={{ fontWeight: 600 }}>{t(`securityCenter.recommendation.${r.code}`)}</span>
        <span data-explain css={{ color: 'var(--fe-color-text-secondary)', fontSize: '0.85em' }}>
          {t(`securityCenter.explain.${r.code}`, explanationParams(r))}
        </span>
      </div>
      {category && (
        <span data-category={category} css={{ color: 'var(--fe-color-text-secondary)', fontSize: '0.85em' }}>
          {t(`securityCenter.category.${category}` as MessageKey)}
        </span>
      )}
      {offered && (
        <Button
          variant={action.kind === 'link' ? 'text' : 'secondary'}
          data-recommendation-action={action.kind}
          onClick={(event) => onAction(action, event.currentTarget)}
        >
          {label}
        </Button>
      )}
    </li>
  );
}

function Insights({ insights }: { insights: readonly Insight[] }) {
  const { t } = useT();
  const groups = insightsByCategory(insights);
  if (groups.length === 0) return <p>{t('securityCenter.noInsights')}</p>;
  return (
    <div
      css={{ display: 'grid', gap: space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}
    >
      {groups.map(({ category, items }) => (
        <div
          key={category}
          data-insight-category={category}
          css={{ display: 'grid', gap: space.xs, alignContent: 'start' }}
        >
          <h4 css={{ margin: 0 }}>{t(`securityCenter.category.${category}` as MessageKey)}</h4>
          <ul css={{ margin: 0, paddingInlineStart: space.lg, display: 'grid', gap: 2 }}>
            {items.map((i) => (
              <li key={i.code} data-insight={i.code} data-good={isGoodInsight(i) || undefined}>
                {t(`securityCenter.insight.${i.code}`)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function ScoreGauge({ score }: { score: number }) {
  const { t } = useT();
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  return (
    <figure css={{ margin: 0, textAlign: 'center' }}>
      <div
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={t('securityCenter.scoreOutOf', { score: clamped })}
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
          <span aria-hidden="true" css={{ fontSize: '2em', fontWeight: 700 }}>
            {clamped}
          </span>
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
      data-severity={severity}
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
