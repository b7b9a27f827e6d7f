import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { isAuthenticatedAtom, userAtom } from '../../shared/auth/session.atoms';
import { signOut } from '../../shared/auth/session';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { currentPathAtom } from '../../shared/options/location';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Button, Card, PreviewBadge } from '../../shared/ui';
import { screenForPath } from './routing';
import { LoginScreen } from './screens/LoginScreen';

/** The React root of `<fe-login-box>`: picks the screen of the current route. */
export function LoginBox({ container }: ElementBaseProps) {
  const { t } = useT();
  const path = useAtomValue(currentPathAtom);
  const { routes, preview } = useAtomValue(optionsAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  if (screenForPath(path, routes) === 'skip') return null;
  return (
    <Card width={420}>
      <header css={{ marginBottom: 'calc(var(--fe-spacing) * 2)' }}>
        <h2 css={{ margin: 0, fontSize: '1.5em' }}>{t('loginBox.login.title')}</h2>
        <p css={{ margin: '4px 0 0', color: 'var(--fe-color-text-secondary)' }}>
          {t('loginBox.login.subtitle')}
          {preview && <PreviewBadge />}
        </p>
      </header>
      {authenticated ? <SignedIn /> : <LoginScreen host={container.host} />}
    </Card>
  );
}

function SignedIn() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const [busy, setBusy] = useState(false);
  return (
    <div css={{ display: 'grid', gap: 'var(--fe-spacing)' }}>
      <p role="status">{t('loginBox.login.signedInAs', { name: user?.name ?? user?.email ?? '' })}</p>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut()
            .catch((error: unknown) => console.error('[fe-elements] sign-out failed', error))
            .finally(() => setBusy(false));
        }}
      >
        {t('loginBox.login.signOut')}
      </Button>
    </div>
  );
}
