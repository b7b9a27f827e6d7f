import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { impersonate } from '../../../shared/api/impersonate';
import { applyAuthAnswer, restoreSession } from '../../../shared/auth/session';
import { isAuthenticatedAtom } from '../../../shared/auth/session.atoms';
import { store } from '../../../shared/store';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Spinner } from '../../../shared/ui';
import {
  IMPERSONATION_REDIRECT_MS,
  impersonateNext,
  type ImpersonateStep,
} from '../flows/resetPhone.machine';
import { RouteLink } from '../RouteLink';
import { ScreenHeader } from './ScreenHeader';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The impersonation route (`?userId=…&reason=…`, opened by a signed-in administrator): impersonating →
 * success, then the redirect after 1000 ms (IMPERSONATE-001/002).
 */
export function ImpersonateScreen({
  host,
  sleepFor = sleep,
}: {
  host: EventTarget;
  sleepFor?: (ms: number) => Promise<unknown>;
}) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const params = useAtomValue(currentSearchParamsAtom);
  const userId = params.get('userId');
  const reason = params.get('reason') ?? 'Support';
  const [step, setStep] = useState<ImpersonateStep>(userId ? 'impersonating' : 'failed');
  const [error, setError] = useState<string | null>(userId ? null : t('loginBox.impersonate.missing'));
  const started = useRef(false);

  useEffect(() => {
    if (!userId || started.current) return;
    started.current = true;
    void (async () => {
      try {
        // The administrator's own session first (after a page load it comes back through the refresh cookie).
        if (!store.get(isAuthenticatedAtom)) await restoreSession();
        await applyAuthAnswer(await impersonate(userId, reason));
        setStep((s) => impersonateNext(s, 'ok'));
        await sleepFor(IMPERSONATION_REDIRECT_MS);
        navigate(routes.authenticatedUrl, { from: host });
      } catch (e) {
        setStep((s) => impersonateNext(s, 'error'));
        setError(errorMessage(e, t('loginBox.impersonate.failed')));
      }
    })();
    // Runs once per mounted route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ScreenHeader title={t('loginBox.impersonate.title')} />
      <div data-step={step} css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
        {step === 'impersonating' && <Spinner label={t('loginBox.impersonate.impersonating')} />}
        {step === 'success' && <Alert severity="success">{t('loginBox.impersonate.success')}</Alert>}
        {step === 'failed' && (
          <>
            <Alert severity="error">{error ?? t('loginBox.impersonate.failed')}</Alert>
            <RouteLink to={routes.authenticatedUrl} host={host}>
              {t('loginBox.login.backToLogin')}
            </RouteLink>
          </>
        )}
      </div>
    </>
  );
}
