import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { mfaLoginApi, type MfaChallenge } from '../../../shared/api/mfa';
import {
  readStepUpMarker,
  STEP_UP_FAILED_KEY,
  STEP_UP_MARKER_KEY,
  stepUpOutcome,
} from '../../../shared/auth/stepup';
import { applyAuthAnswer } from '../../../shared/auth/session';
import { accessTokenAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { startApp } from '../../../shared/options/start';
import { store } from '../../../shared/store';
import { Spinner } from '../../../shared/ui';
import { mfaLoginAtom } from '../mfa.atoms';
import { MfaLoginScreen, NoMfaEnrolled } from './MfaScreens';
import { ScreenHeader } from './ScreenHeader';

/**
 * The step-up route: generates the step-up session (maxAge from `?maxAge=` or the stored marker,
 * STEPUP-006); a user answer logs in (STEPUP-007), an MFA answer runs the MFA step (STEPUP-008), 'MFA is
 * not enrolled' shows noMFAEnrolledStepUp (STEPUP-009), any other error logs out (STEPUP-010).
 */
export function StepUpScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const params = useAtomValue(currentSearchParamsAtom);
  const { routes } = useAtomValue(optionsAtom);
  const mfaStep = useAtomValue(mfaLoginAtom);
  const [phase, setPhase] = useState<'loading' | 'noMFAEnrolledStepUp' | 'done'>('loading');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const marker = readStepUpMarker(sessionStorage);
    const fromQuery = Number(params.get('maxAge'));
    const maxAge = params.get('maxAge') !== null && Number.isFinite(fromQuery) ? fromQuery : marker?.maxAge;
    const finish = () => {
      sessionStorage.removeItem(STEP_UP_MARKER_KEY);
      setPhase('done');
      navigate(marker?.returnTo ?? routes.authenticatedUrl, { from: host });
    };
    const logout = () => {
      sessionStorage.setItem(STEP_UP_FAILED_KEY, '1');
      navigate(routes.logoutUrl, { from: host });
    };
    void (async () => {
      await startApp();
      if (!store.get(accessTokenAtom)) return navigate(routes.loginUrl, { from: host });
      let answer: Awaited<ReturnType<ReturnType<typeof mfaLoginApi>['generateStepUp']>>;
      try {
        answer = await mfaLoginApi(api).generateStepUp(maxAge);
      } catch (error) {
        const outcome = stepUpOutcome({ error: errorMessage(error, '') });
        return outcome === 'noMFAEnrolledStepUp' ? setPhase('noMFAEnrolledStepUp') : logout();
      }
      switch (stepUpOutcome({ answer })) {
        case 'loggedIn':
          await applyAuthAnswer(answer);
          return finish();
        case 'mfa':
          store.set(mfaLoginAtom, {
            challenge: answer as MfaChallenge,
            complete: async (after) => {
              await applyAuthAnswer(after);
              store.set(mfaLoginAtom, null);
              finish();
            },
            cancel: () => {
              store.set(mfaLoginAtom, null);
              logout();
            },
          });
          return;
        default:
          return logout();
      }
    })().catch(logout);
  }, [host, params, routes]);

  if (mfaStep) return <MfaLoginScreen />;
  return (
    <div data-step-up={phase} css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
      <ScreenHeader title={t('loginBox.stepUp.title')} />
      {phase === 'noMFAEnrolledStepUp' ? (
        <NoMfaEnrolled />
      ) : (
        <Spinner label={t('loginBox.stepUp.checking')} />
      )}
    </div>
  );
}
