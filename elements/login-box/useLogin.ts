import { useAtomValue } from 'jotai';
import { useCallback, useReducer } from 'react';
import { api } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { paths } from '../../shared/api/paths';
import { applyAuthAnswer, clearSession, type AuthAnswer } from '../../shared/auth/session';
import { navigate } from '../../shared/options/location';
import { optionsAtom } from '../../shared/options/options.atoms';
import { useT } from '../../shared/i18n/useT';
import { store } from '../../shared/store';
import { userAtom } from '../../shared/auth/session.atoms';
import { initialLoginState, loginReducer, POST_LOGIN_REDIRECT_MS, postLoginTarget } from './login.machine';

/** Wires the login machine to the API, the session atoms and the redirect; screens only render. */
export function useLogin(host: EventTarget, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const { routes } = useAtomValue(optionsAtom);
  const { t } = useT();

  const submit = useCallback(
    async (email: string, password: string) => {
      dispatch({ type: 'submit' });
      try {
        const answer = await api.request<AuthAnswer>(paths.auth.login, { body: { email, password } });
        await applyAuthAnswer(answer);
        dispatch({ type: 'succeeded' });
        host.dispatchEvent(
          new CustomEvent('fe-authenticated', {
            bubbles: true,
            composed: true,
            detail: { user: store.get(userAtom) },
          }),
        );
        await sleep(POST_LOGIN_REDIRECT_MS);
        navigate(postLoginTarget(null, routes), { from: host });
      } catch (error) {
        // A failed login leaves no session behind (000 §4).
        clearSession();
        dispatch({ type: 'failed', error: errorMessage(error, t('common.genericError')) });
      }
    },
    [host, routes, sleep, t],
  );
  return { state, submit };
}
