import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useT } from '../../shared/i18n/useT';
import { navigate } from '../../shared/options/location';
import { optionsAtom } from '../../shared/options/options.atoms';
import { keepAccount } from './customLogin';
import { customLoginAtom } from './customLogin.atoms';

/**
 * A link to another login-box route: a real href (opens in a new tab too), navigated in place on click. It keeps
 * the account whose custom login box is shown (`?tenantId=`), so the next screen has the same look.
 */
export function RouteLink({
  to: route,
  host,
  children,
}: {
  to: string;
  host: EventTarget;
  children: ReactNode;
}) {
  const { urlStrategy } = useAtomValue(optionsAtom);
  const to = keepAccount(route, useAtomValue(customLoginAtom)?.tenantId);
  return (
    <a
      href={urlStrategy === 'hash' ? `#${to}` : to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to, { from: host });
      }}
      css={{
        color: 'var(--fe-color-text)',
        fontWeight: 600,
        textDecorationColor: 'var(--fe-color-primary)',
        textUnderlineOffset: 3,
      }}
    >
      {children}
    </a>
  );
}

/** The "Back to sign in" link every secondary screen ends with. */
export function BackToLogin({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  return (
    <p>
      <RouteLink to={routes.loginUrl} host={host}>
        {t('loginBox.login.backToLogin')}
      </RouteLink>
    </p>
  );
}
