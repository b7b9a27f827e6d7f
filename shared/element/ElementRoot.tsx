import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { Provider, useAtomValue } from 'jotai';
import { Component, useEffect, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { appNotFoundMessage, getApp } from '../options/configure';
import { optionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { Alert } from '../ui/Alert';
import { tokenVars } from '../../themes/tokens';
import { themeVarsAtom } from './theme.atoms';

export interface ElementRootProps {
  container: ShadowRoot | HTMLElement;
  tag: string;
  app?: string;
  children: ReactNode;
}

/** What every element renders around its own UI: the page store, a shadow-root Emotion cache, the theme. */
export function ElementRoot({ container, tag, app, children }: ElementRootProps) {
  return (
    <ElementErrorBoundary tag={tag} fallback={() => <p role="alert">{translate('common.genericError')}</p>}>
      <Provider store={store}>
        <StyledRoot container={container} tag={tag} app={app}>
          {children}
        </StyledRoot>
      </Provider>
    </ElementErrorBoundary>
  );
}

function StyledRoot({ container, tag, app, children }: ElementRootProps) {
  const { cspNonce } = useAtomValue(optionsAtom);
  // Each element's styles live in its own shadow root; the nonce keeps them allowed under a strict CSP.
  const cache = useMemo(
    () => createCache({ key: 'fe', container: container as unknown as Node, nonce: cspNonce, speedy: false }),
    [container, cspNonce],
  );
  const vars = useAtomValue(themeVarsAtom);
  const { dir, locale } = useT();
  return (
    <CacheProvider value={cache}>
      {/* The derived size tokens resolve against the host's spacing, whoever set it. */}
      <Global styles={{ ':host': { display: 'block', ...vars, ...tokenVars } }} />
      <div
        part="root"
        dir={dir}
        lang={locale}
        css={{
          fontFamily: 'var(--fe-font-family)',
          fontSize: 'var(--fe-font-size)',
          color: 'var(--fe-color-text)',
          lineHeight: 1.5,
          boxSizing: 'border-box',
          '& *, & *::before, & *::after': { boxSizing: 'inherit' },
        }}
      >
        <ElementErrorBoundary tag={tag} fallback={(retry) => <CrashNotice onRetry={retry} />}>
          <Guards app={app} tag={tag}>
            {children}
          </Guards>
        </ElementErrorBoundary>
      </div>
    </CacheProvider>
  );
}

/** Renders the element only when it can work: its app exists and a base URL is set (or preview is on). */
function Guards({ app, tag, children }: { app?: string; tag: string; children: ReactNode }) {
  const { baseUrl, preview } = useAtomValue(optionsAtom);
  const { t } = useT();
  const missingApp = app !== undefined && !appExists(app);
  const missingBaseUrl = !missingApp && !baseUrl && !preview;
  useEffect(() => {
    if (missingApp) console.error(`[fe-elements] <${tag}>: ${appNotFoundMessage(app ?? '')}`);
    // Deliberate deviation from SHELL-004: the host page is never cleared, the alert stays inside the element.
    else if (missingBaseUrl)
      console.error(`[fe-elements] <${tag}>: the base URL option (base-url) is required`);
  }, [missingApp, missingBaseUrl, app, tag]);
  if (missingApp) return <Alert severity="error">{t('common.appNotFound', { app: app ?? '' })}</Alert>;
  if (missingBaseUrl) return <Alert severity="error">{t('common.missingBaseUrl')}</Alert>;
  return <>{children}</>;
}

function appExists(name: string): boolean {
  try {
    getApp(name);
    return true;
  } catch {
    return false;
  }
}

interface BoundaryState {
  error: Error | null;
}

interface BoundaryProps {
  tag: string;
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** A crash inside an element stays inside it: the host page keeps working. */
class ElementErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[fe-elements] <${this.props.tag}> failed`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) return this.props.fallback(() => this.setState({ error: null }));
    return this.props.children;
  }
}

function CrashNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <Alert severity="error" action={{ label: t('common.retry'), onClick: onRetry }}>
      {t('common.genericError')}
    </Alert>
  );
}
