import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { signupApi } from '../../../shared/api/signup';
import { errorMessage } from '../../../shared/api/errors';
import { signOut } from '../../../shared/auth/session';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Spinner } from '../../../shared/ui';
import { linkParams } from '../flows/activate.machine';
import { firstPasswordPath, invitationStart, type InvitationStep } from '../flows/invitation.machine';
import { RouteLink } from '../RouteLink';
import { ScreenHeader } from './ScreenHeader';

export function AcceptInvitationScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const link = linkParams(useAtomValue(currentSearchParamsAtom));
  const [step, setStep] = useState<InvitationStep>(invitationStart(link));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    signupApi.acceptInvitation(link).then(
      async (answer) => {
        // The invited user signs in afresh: whoever was signed in here is signed out, cookie included.
        await signOut().catch(() => undefined);
        setStep('success');
        // A new invitee has no password yet: choosing one comes next.
        if (answer?.setPasswordToken)
          navigate(firstPasswordPath(routes.resetPasswordUrl, link.userId, answer.setPasswordToken), {
            from: host,
          });
      },
      (e: unknown) => {
        setError(errorMessage(e, t('loginBox.invitation.failed')));
        setStep('failed');
      },
    );
    // Runs once per mounted link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ScreenHeader title={t('loginBox.invitation.title')} />
      {step === 'pending' && <Spinner label={t('loginBox.invitation.pending')} />}
      {step === 'invalid' && <Alert severity="error">{t('loginBox.invitation.invalid')}</Alert>}
      {step === 'failed' && <Alert severity="error">{error}</Alert>}
      {step === 'success' && <p role="status">{t('loginBox.invitation.success')}</p>}
      {step !== 'pending' && (
        <p>
          <RouteLink to={routes.loginUrl} host={host}>
            {t('loginBox.invitation.goToLogin')}
          </RouteLink>
        </p>
      )}
    </>
  );
}
