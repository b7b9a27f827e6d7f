import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { isAuthenticatedAtom, userAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Alert, Button, Card, PreviewBadge, SkeletonBlock, ToastProvider } from '../../shared/ui';
import type { NavigationEntry } from './navigation';
import { portalPages } from './pages/registry';
import { closePortal, portalLayout, useHostAttribute } from './portalHost';
import { currentPageAtom, selectPage, visibleNavigationAtom } from './portal.atoms';
import { TenantSwitcher } from './TenantSwitcher';
import { useUnavailableDeepLink } from './useUnavailableDeepLink';
import { space } from '../../themes/tokens';

const TITLE_ID = 'fe-portal-title';

/**
 * The portal: navigation by permission on the side, the selected page beside it. Inline in the host's
 * flow, or (`layout="modal"`) a modal dialog shown while the host element has the `open` attribute.
 */
export default function PortalApp({ host }: { host?: HTMLElement }) {
  const layout = portalLayout(useHostAttribute(host, 'layout'));
  const open = useHostAttribute(host, 'open') !== null;
  if (layout === 'modal')
    return (
      <PortalDialog open={open} onClose={(reason) => closePortal(host, reason)}>
        <PortalBody host={host} onClose={() => closePortal(host, 'closeButton')} />
      </PortalDialog>
    );
  return (
    <Card>
      <PortalBody host={host} />
    </Card>
  );
}

function PortalBody({ host, onClose }: { host?: HTMLElement; onClose?: () => void }) {
  const { t } = useT();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const user = useAtomValue(userAtom);
  const { preview } = useAtomValue(optionsAtom);
  const entries = useAtomValue(visibleNavigationAtom);
  const current = useAtomValue(currentPageAtom);
  const deepLink = useUnavailableDeepLink(host ?? document);
  const closeButton = onClose && (
    <Button variant="secondary" onClick={onClose} data-close>
      {t('adminPortal.shell.close')}
    </Button>
  );
  return (
    // Toasts about completed actions live in this element's shadow root (inside the modal layout's dialog).
    <ToastProvider>
      <div css={{ display: 'grid', gap: space.xl }}>
        <header
          part="header"
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: space.xl,
          }}
        >
          <h2 id={TITLE_ID} css={{ margin: 0, fontSize: '1.4em' }}>
            {t('adminPortal.title')}
            {preview && <PreviewBadge />}
          </h2>
          <div css={{ display: 'flex', alignItems: 'flex-end', gap: space.xl }}>
            {authenticated && <TenantSwitcher host={host} />}
            {closeButton}
          </div>
        </header>
        {!authenticated ? (
          <Alert severity="info">{t('adminPortal.signInRequired')}</Alert>
        ) : (
          <div
            css={{
              display: 'grid',
              gridTemplateColumns: 'minmax(160px, 220px) 1fr',
              gap: space['2xl'],
              '@media (max-width: 640px)': { gridTemplateColumns: '1fr' },
            }}
          >
            <nav aria-label={t('adminPortal.menu')} part="navigation">
              {(['personal', 'workspace'] as const).map((group) => (
                <NavGroup
                  key={group}
                  label={t(`adminPortal.navGroups.${group}`)}
                  entries={entries.filter((e) => e.group === group)}
                  current={current?.key}
                  onSelect={(key) => {
                    deepLink.dismiss();
                    if (key !== current?.key) selectPage(key, host ?? document);
                  }}
                />
              ))}
            </nav>
            <main part="page" css={{ minWidth: 0 }} data-page={current?.key}>
              {current && deepLink.shownInstead === current.key && (
                <div data-deep-link-notice css={{ marginBottom: space.xl }}>
                  <Alert
                    severity="info"
                    action={{ label: t('adminPortal.form.close'), onClick: deepLink.dismiss }}
                  >
                    {t('adminPortal.shell.pageUnavailable', { page: t(`adminPortal.nav.${current.key}`) })}
                  </Alert>
                </div>
              )}
              {current && portalPages[current.key] ? (
                <Suspense fallback={<SkeletonBlock label={t('common.loading')} title lines={6} />}>
                  {/* A new tenant or user is a new page: its data loads again. */}
                  <CurrentPage key={`${user?.id}:${user?.tenantId}`} page={current.key} />
                </Suspense>
              ) : current ? (
                <section aria-labelledby="fe-page-title">
                  <h3 id="fe-page-title" css={{ marginTop: 0 }}>
                    {t(`adminPortal.nav.${current.key}`)}
                  </h3>
                  <p>
                    {t('adminPortal.sectionUnavailable', { section: t(`adminPortal.nav.${current.key}`) })}
                  </p>
                </section>
              ) : null}
            </main>
          </div>
        )}
      </div>
    </ToastProvider>
  );
}

/** The modal layout: a native `<dialog>` (focus trapped, page behind inert, Escape closes). */
function PortalDialog(props: { open: boolean; onClose: (reason: 'escape') => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { open } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      part="portal-dialog"
      data-portal-dialog
      aria-labelledby={TITLE_ID}
      onCancel={(event) => {
        // Escape in a dialog opened from a page (a confirmation) closes that dialog only.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        props.onClose('escape');
      }}
      css={{
        width: 'min(1100px, calc(100vw - 32px))',
        maxHeight: 'calc(100vh - 32px)',
        padding: space['2xl'],
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'calc(var(--fe-radius) * 2)',
        background: 'var(--fe-color-surface)',
        color: 'var(--fe-color-text)',
        boxShadow: '0 12px 32px rgb(0 0 0 / 0.25)',
        '&::backdrop': { background: 'rgb(0 0 0 / 0.45)' },
      }}
    >
      {open && props.children}
    </dialog>
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
    <div css={{ marginBottom: space.xl }}>
      <h3
        css={{
          fontSize: '0.8em',
          textTransform: 'uppercase',
          color: 'var(--fe-color-text-secondary)',
          margin: `0 0 ${space.xs}`,
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
                  padding: `${space.sm} 10px`,
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
