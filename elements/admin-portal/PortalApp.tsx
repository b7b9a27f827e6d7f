import { useAtom, useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { isAuthenticatedAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Alert, Card, PreviewBadge, Spinner } from '../../shared/ui';
import type { NavigationEntry } from './navigation';
import { portalPages } from './pages/registry';
import { selectedPageAtom, visibleNavigationAtom } from './portal.atoms';

/** The portal: navigation by permission on the side, the selected page beside it. */
export default function PortalApp() {
  const { t } = useT();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { preview } = useAtomValue(optionsAtom);
  const entries = useAtomValue(visibleNavigationAtom);
  const [selected, setSelected] = useAtom(selectedPageAtom);
  if (!authenticated) return <Alert severity="info">{t('adminPortal.signInRequired')}</Alert>;
  const current = entries.find((e) => e.key === selected) ?? entries[0];
  return (
    <Card>
      <h2 css={{ margin: '0 0 calc(var(--fe-spacing) * 2)', fontSize: '1.4em' }}>
        {t('adminPortal.title')}
        {preview && <PreviewBadge />}
      </h2>
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'minmax(160px, 220px) 1fr',
          gap: 'calc(var(--fe-spacing) * 3)',
        }}
      >
        <nav aria-label={t('adminPortal.menu')} part="navigation">
          {(['personal', 'workspace'] as const).map((group) => (
            <NavGroup
              key={group}
              label={t(`adminPortal.navGroups.${group}`)}
              entries={entries.filter((e) => e.group === group)}
              current={current?.key}
              onSelect={setSelected}
            />
          ))}
        </nav>
        <main part="page" css={{ minWidth: 0 }}>
          {current && portalPages[current.key] ? (
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <CurrentPage page={current.key} />
            </Suspense>
          ) : current ? (
            <section aria-labelledby="fe-page-title">
              <h3 id="fe-page-title" css={{ marginTop: 0 }}>
                {t(`adminPortal.nav.${current.key}`)}
              </h3>
              <p>{t('adminPortal.sectionUnavailable', { section: t(`adminPortal.nav.${current.key}`) })}</p>
            </section>
          ) : null}
        </main>
      </div>
    </Card>
  );
}

function CurrentPage({ page }: { page: NavigationEntry['key'] }) {
  const Page = portalPages[page];
  return Page ? <Page /> : null;
}

function NavGroup(props: {
  label: string;
  entries: NavigationEntry[];
  current: string | undefined;
  onSelect: (key: NavigationEntry['key']) => void;
}) {
  const { t } = useT();
  if (props.entries.length === 0) return null;
  return (
    <div css={{ marginBottom: 'calc(var(--fe-spacing) * 2)' }}>
      <h3
        css={{
          fontSize: '0.8em',
          textTransform: 'uppercase',
          color: 'var(--fe-color-text-secondary)',
          margin: '0 0 4px',
        }}
      >
        {props.label}
      </h3>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {props.entries.map((entry) => {
          const active = entry.key === props.current;
          return (
            <li key={entry.key}>
              <button
                type="button"
                data-entry={entry.key}
                aria-current={active ? 'page' : undefined}
                onClick={() => props.onSelect(entry.key)}
                css={{
                  all: 'unset',
                  boxSizing: 'border-box',
                  display: 'block',
                  width: '100%',
                  cursor: 'pointer',
                  padding: '6px 10px',
                  borderRadius: 'var(--fe-radius)',
                  fontWeight: active ? 600 : 400,
                  background: active ? 'var(--fe-color-primary)' : 'transparent',
                  color: active ? 'var(--fe-color-primary-contrast)' : 'var(--fe-color-text)',
                  '&:hover': {
                    background: active ? 'var(--fe-color-primary-dark)' : 'var(--fe-color-background)',
                  },
                  '&:focus-visible': { outline: '2px solid var(--fe-color-primary)' },
                }}
              >
                {t(`adminPortal.nav.${entry.key}`)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
