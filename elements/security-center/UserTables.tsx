import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../shared/api/errors';
import type { SecurityCenterApi, SecurityUsersPreset } from '../../shared/api/securityCenter';
import type { TeamUser } from '../../shared/api/team';
import { useT } from '../../shared/i18n/useT';
import { Alert, Skeleton } from '../../shared/ui';
import { compactButtonCss } from '../../shared/ui/Button';
import { space } from '../../themes/tokens';
import { TABLES } from './model';

type TableState =
  | { status: 'loading'; previous: { items: TeamUser[]; pages: number } | null }
  | { status: 'ready'; items: TeamUser[]; pages: number }
  | { status: 'failed'; error: string };

/** The three user tables (SECCENTER-001, -007, -008); `version` reloads them after an action. */
/** A pager button: dimmed while it does nothing (aria-disabled keeps it focusable). */
const pagerButtonCss = {
  ...compactButtonCss,
  '&[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' },
} as const;

export function UserTables({ api, version }: { api: SecurityCenterApi; version: number }) {
  return (
    <div
      css={{ display: 'grid', gap: space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}
    >
      {TABLES.map(({ preset, key }) => (
        <UserTable key={preset} api={api} preset={preset} titleKey={key} version={version} />
      ))}
    </div>
  );
}

/** One table: users v3 with its preset, 10 a page (SECCENTER-007), previous and next. */
function UserTable({
  api,
  preset,
  titleKey,
  version,
}: {
  api: SecurityCenterApi;
  preset: SecurityUsersPreset;
  titleKey: (typeof TABLES)[number]['key'];
  version: number;
}) {
  const { t, locale } = useT();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TableState>({ status: 'loading', previous: null });

  useEffect(() => {
    let live = true;
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s : null }));
    api.getUsers(preset, page).then(
      (answer) => {
        if (!live) return;
        const pages = Math.max(1, answer._metadata?.totalPages ?? 1);
        // A page emptied by an action falls back to the last page there is.
        if (answer.items.length === 0 && page > 0) return setPage(Math.min(page - 1, pages - 1));
        setState({ status: 'ready', items: answer.items, pages });
      },
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // t changes with the locale only; a reload is not needed for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, preset, page, version, attempt]);

  const shown = state.status === 'ready' ? state : state.status === 'loading' ? state.previous : null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const lastLogin = (value: string | null | undefined) => {
    const time = value ? Date.parse(value) : NaN;
    return Number.isFinite(time) ? date.format(time) : t('securityCenter.table.never');
  };

  return (
    <section
      data-table={preset}
      aria-labelledby={titleId}
      aria-busy={state.status === 'loading' || undefined}
      css={{ display: 'grid', gap: space.sm, alignContent: 'start', minWidth: 0 }}
    >
      <h4 id={titleId} css={{ margin: 0 }}>
        {t(`securityCenter.tables.${titleKey}`)}
      </h4>
      {state.status === 'failed' ? (
        <Alert
          severity="error"
          title={t('securityCenter.table.loadFailed')}
          action={{ label: t('common.retry'), onClick: () => setAttempt((n) => n + 1) }}
        >
          {state.error}
        </Alert>
      ) : !shown ? (
        <div data-table-loading css={{ display: 'grid', gap: space.xs }}>
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton width="70%" />
        </div>
      ) : shown.items.length === 0 ? (
        <p data-table-empty css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t('securityCenter.table.empty')}
        </p>
      ) : (
        <>
          <div css={{ overflowX: 'auto' }}>
            <table
              aria-labelledby={titleId}
              css={{
                width: '100%',
                borderCollapse: 'collapse',
                fontSize: '0.9em',
                'th, td': {
                  textAlign: 'start',
                  padding: `${space.xs} ${space.sm}`,
                  borderBottom: '1px solid var(--fe-color-border)',
                  overflowWrap: 'anywhere',
                },
                th: { fontWeight: 600, color: 'var(--fe-color-text-secondary)' },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">{t('securityCenter.table.name')}</th>
                  <th scope="col">{t('securityCenter.table.email')}</th>
                  <th scope="col">{t('securityCenter.table.lastLogin')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.items.map((user) => (
                  <tr key={user.id} data-user={user.id}>
                    <td>{user.name ?? ''}</td>
                    <td data-email>{user.email}</td>
                    <td>{lastLogin(user.lastLogin)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.pages > 1 && (
            <nav
              aria-label={t(`securityCenter.tables.${titleKey}`)}
              css={{ display: 'flex', gap: space.sm, alignItems: 'center', justifyContent: 'flex-end' }}
            >
              <button
                type="button"
                data-page-previous
                css={pagerButtonCss}
                // aria-disabled, not disabled: the focus stays on the button while a page loads.
                aria-disabled={page === 0 || state.status === 'loading'}
                onClick={() => {
                  if (page > 0 && state.status !== 'loading') setPage((p) => Math.max(0, p - 1));
                }}
              >
                {t('securityCenter.table.previous')}
              </button>
              <span css={{ fontSize: '0.85em' }}>
                {t('securityCenter.table.page', { page: page + 1, pages: shown.pages })}
              </span>
              <button
                type="button"
                data-page-next
                css={pagerButtonCss}
                aria-disabled={page + 1 >= shown.pages || state.status === 'loading'}
                onClick={() => {
                  if (page + 1 < shown.pages && state.status !== 'loading') setPage((p) => p + 1);
                }}
              >
                {t('securityCenter.table.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
