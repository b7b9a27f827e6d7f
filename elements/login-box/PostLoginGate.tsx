import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { MfaAnswer } from '../../shared/api/mfa';
import { store } from '../../shared/store';
import { loginStepAtom, type LoginGateStep } from './loginStep.atoms';
import { BreachedPasswordScreen } from './screens/BreachedPasswordScreen';
import { MfaLoginScreen } from './screens/MfaScreens';
import { PromptPasskeysScreen } from './screens/PasskeysScreens';
import { usePostLogin } from './useLogin';

/** Leaves `step` unless a later step already replaced it. */
const clear = (step: LoginGateStep) => store.set(loginStepAtom, (now) => (now === step ? null : now));

/**
 * The post-login gate of every sign-in route (LOGIN-009): while the step atom holds a post-login step
 * (MFA, breached password, passkeys prompt) its screen shows instead of `children`; what follows each
 * step is decided here, once.
 */
export function PostLoginGate({ host, children }: { host: EventTarget; children: ReactNode }) {
  const step = useAtomValue(loginStepAtom);
  const { proceed, redirect } = usePostLogin(host);
  switch (step?.step) {
    case 'mfa': {
      const complete = async (answer: MfaAnswer) => {
        await proceed(answer, step.method);
        clear(step);
      };
      return <MfaLoginScreen challenge={step.challenge} onComplete={complete} />;
    }
    case 'breachedPassword':
      return <BreachedPasswordScreen email={step.email} onBack={() => clear(step)} />;
    case 'promptPasskeys': {
      const done = async () => {
        await redirect();
        clear(step);
      };
      return <PromptPasskeysScreen onDone={done} />;
    }
    default:
      return children;
  }
}
