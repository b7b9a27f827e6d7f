import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import {
  cancelCeremony,
  ceremonyError,
  conditionalMediationAvailable,
  dismissPasskeysPrompt,
  isCeremonyCancelled,
  passkeyAssertion,
  postPasskeyAssertion,
  registerPasskey,
  verifySecurityKeyForLogin,
  webAuthnAvailable,
} from '../../../shared/auth/webauthn';
import type { AuthAnswer } from '../../../shared/auth/session';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button } from '../../../shared/ui';
import { passkeysActive } from '../passkeys';
import { usePublicStrategies } from '../usePublicStrategies';
import { useLogin } from '../useLogin';
import { mfaStepScreens } from './MfaScreens';
import { OrDivider } from './OrDivider';
import { ScreenHeader } from './ScreenHeader';
import { deviceChoices } from '../flows/mfa.machine';

/** Whether the vendor offers passkeys and this browser can use them. */
function usePasskeysActive(): boolean {
  const strategies = usePublicStrategies();
  return webAuthnAvailable() && passkeysActive(strategies);
}

/**
 * "Sign in with a passkey" under the login form, and the passkey suggestion of the email field (conditional
 * UI) where the browser offers it. `onPasskey` runs the sign-in through the login hook; `onConditional` hands
 * over a signed answer the autofill produced.
 */
export function PasskeySignIn({
  loading,
  error,
  onPasskey,
  onConditional,
}: {
  loading: boolean;
  error?: string | null;
  onPasskey: () => void;
  onConditional?: (signIn: () => Promise<AuthAnswer>) => void;
}) {
  const { t } = useT();
  const active = usePasskeysActive();
  const handOver = useRef(onConditional);
  handOver.current = onConditional;

  useEffect(() => {
    if (!active || !handOver.current) return;
    let live = true;
    void (async () => {
      if (!(await conditionalMediationAvailable()) || !live) return;
      try {
        const answer = await passkeyAssertion(api, { conditional: true });
        if (live) handOver.current?.(() => postPasskeyAssertion(api, answer));
      } catch {
        // Aborted (the button started its own ceremony, or the screen went away) or refused: nothing to show.
      }
    })();
    return () => {
      live = false;
      void cancelCeremony();
    };
  }, [active]);

  if (!active) return null;
  return (
    <div
      css={{ display: 'grid', gap: 'var(--fe-spacing)', marginTop: 'calc(var(--fe-spacing) * 2)' }}
      data-passkey-sign-in
    >
      <OrDivider>{t('loginBox.passkeys.or')}</OrDivider>
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="secondary" fullWidth disabled={loading} onClick={onPasskey}>
        {loading ? t('loginBox.passkeys.signingIn') : t('loginBox.passkeys.signIn')}
      </Button>
    </div>
  );
}

/** Passkey sign-in under the login screens: its own run of the login hook (same post-login steps). */
export function PasskeyLogin({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { state, submitPasskey, run } = useLogin(host);
  if (state.step === 'success') return <p role="status">{t('loginBox.login.redirecting')}</p>;
  return (
    <PasskeySignIn
      loading={state.loading}
      error={state.error}
      onPasskey={() => void submitPasskey()}
      onConditional={(signIn) => void run(signIn, 'passkey')}
    />
  );
}

/** After a login (LOGIN-012): suggests adding a passkey; "Not now" is remembered on this browser. */
export function PromptPasskeysScreen({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useT();
  const [busy, setBusy] = useState<'add' | 'skip' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);

  const add = async () => {
    setBusy('add');
    setError(null);
    try {
      await registerPasskey(api);
      setAdded(true);
      await onDone();
    } catch (e) {
      setError(
        isCeremonyCancelled(e)
          ? t('loginBox.passkeys.cancelled')
          : errorMessage(e, t('loginBox.passkeys.addFailed')),
      );
      setBusy(null);
    }
  };
  const skip = async () => {
    setBusy('skip');
    dismissPasskeysPrompt();
    await onDone();
  };

  return (
    <div data-step="promptPasskeys" css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
      <ScreenHeader title={t('loginBox.passkeys.promptTitle')} />
      <p css={{ margin: 0 }}>{t('loginBox.passkeys.promptText')}</p>
      {error && <Alert severity="error">{error}</Alert>}
      {added && <p role="status">{t('loginBox.passkeys.added')}</p>}
      <div css={{ display: 'grid', gap: 'var(--fe-spacing)' }} aria-busy={busy !== null}>
        <Button fullWidth disabled={busy !== null} onClick={() => void add()}>
          {busy === 'add' ? t('loginBox.passkeys.adding') : t('loginBox.passkeys.add')}
        </Button>
        <Button variant="secondary" fullWidth disabled={busy !== null} onClick={() => void skip()}>
          {t('loginBox.passkeys.notNow')}
        </Button>
      </div>
    </div>
  );
}

type MfaStepProps = Parameters<NonNullable<(typeof mfaStepScreens)['webauthn']>>[0];

/** MFA verification with an enrolled security key (MFA-003: the device is named by its id). */
function SecurityKeyVerify({ state, dispatch, verify }: MfaStepProps) {
  const { t } = useT();
  const verifyKey = () =>
    verify(() =>
      verifySecurityKeyForLogin(api, state.mfaToken!, state.deviceId!).catch((e: unknown) => {
        throw ceremonyError(e, t('loginBox.passkeys.cancelled'));
      }),
    );
  const several = deviceChoices(state.mfaDevices).length > 1;
  return (
    <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }} data-security-key>
      <p css={{ margin: 0 }}>{t('loginBox.passkeys.securityKeyText')}</p>
      <Button fullWidth disabled={state.saving} onClick={() => void verifyKey()}>
        {state.saving ? t('loginBox.passkeys.waitingForKey') : t('loginBox.passkeys.useSecurityKey')}
      </Button>
      <div css={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        {several && (
          <Button variant="text" onClick={() => dispatch({ type: 'goTo', step: 'verify' })}>
            {t('loginBox.mfa.otherMethod')}
          </Button>
        )}
        <Button variant="text" onClick={() => dispatch({ type: 'goTo', step: 'recover' })}>
          {t('loginBox.mfa.useRecoveryCode')}
        </Button>
      </div>
    </div>
  );
}

// The MFA screens' verification step for security keys (their extension point).
mfaStepScreens.webauthn = SecurityKeyVerify;
