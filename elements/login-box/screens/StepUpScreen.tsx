import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { mfaLoginApi, type MfaAnswer, type MfaChallenge } from '../../../shared/api/mfa';
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
  // The MFA challenge of a step-up (STEPUP-008): this route's own, never the login's post-login step.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [phase, setPhase] = useState<'loading' | 'noMFAEnrolledStepUp' | 'done'>('loading');
  const started = useRef(false);
  const [marker] = useState(() => readStepUpMarker(sessionStorage));
  const finish = useCallback(() => {
    sessionStorage.removeItem(STEP_UP_MARKER_KEY);
    setPhase('done');
    navigate(marker?.returnTo ?? routes.authenticatedUrl, { from: host });
  }, [host, marker, routes]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fromQuery = Number(params.get('maxAge'));
    const maxAge = params.get('maxAge') !== null && Number.isFinite(fromQuery) ? fromQuery : marker?.maxAge;
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
          return setChallenge(answer as MfaChallenge);
        default:
          return logout();
      }
    })().catch(logout);
  }, [finish, host, marker, params, routes]);

  if (challenge) {
    const complete = async (after: MfaAnswer) => {
      await applyAuthAnswer(after);
      setChallenge(null);
      finish();
    };
    return <MfaLoginScreen challenge={challenge} onComplete={complete} />;
  }
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
