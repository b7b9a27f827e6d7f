// Captcha on the password sign-in and sign-up screens (docs/decisions/0019-captcha.md): when the public captcha
// policy is on, the ALTCHA widget (a proof of work solved in the browser, no third party) is loaded on demand
// (a dynamic import: it is not in the box's first load) and its solution goes in `recaptchaToken`.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../../shared/api/client';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import type { captchaContracts } from '../../shared/api/contracts/captcha';
import { paths } from '../../shared/api/paths';
import { useT } from '../../shared/i18n/useT';
import { Alert } from '../../shared/ui';

type CaptchaPolicy = AnswerOf<typeof captchaContracts.getCaptchaPolicy>;
type Translate = ReturnType<typeof useT>['t'];

const challengeRoute = paths.securityPolicy.getCaptchaChallenge;

/**
 * The widget's challenge request, through the box's API client: the configured server (`baseUrl`), the box's
 * headers and credentials, and the preview's transport in preview mode.
 */
const fetchChallenge: typeof fetch = async () =>
  new Response(JSON.stringify(await api.request(challengeRoute)), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The widget's own strings, in the box's language. */
const widgetStrings = (t: Translate): Record<string, string> => ({
  ariaLinkLabel: 'ALTCHA',
  label: t('loginBox.captcha.label'),
  loading: t('loginBox.captcha.loading'),
  verifying: t('loginBox.captcha.verifying'),
  verified: t('loginBox.captcha.verified'),
  verify: t('loginBox.captcha.verify'),
  error: t('loginBox.captcha.error'),
  expired: t('loginBox.captcha.expired'),
  reload: t('loginBox.captcha.reload'),
  verificationRequired: t('loginBox.captcha.verificationRequired'),
  waitAlert: t('loginBox.captcha.waitAlert'),
  footer: t('loginBox.captcha.footer'),
});

interface WidgetElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void>;
}

/**
 * The ALTCHA widget in the box's shadow root. The widget renders into the page's DOM tree where it stands (no
 * shadow root of its own) and puts its stylesheet in the document's head, which does not reach into the box's
 * shadow root: the same stylesheet is copied next to it (its custom properties on :root still inherit).
 */
function CaptchaWidget({ onPayload }: { onPayload: (payload: string | null) => void }) {
  const { t, locale } = useT();
  const container = useRef<HTMLDivElement>(null);
  const [widget, setWidget] = useState<WidgetElement | null>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onPayload);
  report.current = onPayload;
  /** The widget's language: its strings registered under the box's language. */
  const language = useRef<() => string>(() => '');
  language.current = () => {
    const code = locale.split('-')[0]!.toLowerCase();
    globalThis.$altcha.i18n.set(code, widgetStrings(t));
    return code;
  };

  // Loaded and created once per mount (a new mount is a new challenge): a language change only reconfigures it.
  useEffect(() => {
    let live = true;
    let created: WidgetElement | null = null;
    const host = container.current;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      report.current(state === 'verified' && payload ? payload : null);
    };
    import('altcha').then(
      async () => {
        if (!live || !host) return;
        const style = document.createElement('style');
        style.textContent = document.getElementById('altcha-css')?.textContent ?? '';
        created = document.createElement('altcha-widget') as WidgetElement;
        created.addEventListener('statechange', onState);
        host.replaceChildren(style, created);
        await customElements.whenDefined('altcha-widget');
        await created.configure({
          challenge: api.url(challengeRoute),
          fetch: fetchChallenge,
          language: language.current(),
          humanInteractionSignature: false,
        });
        if (live) setWidget(created);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      created?.removeEventListener('statechange', onState);
      host?.replaceChildren();
    };
  }, []);

  useEffect(() => {
    if (widget) void widget.configure({ language: language.current() });
  }, [widget, locale, t]);

  return (
    <>
      <div ref={container} data-captcha="" />
      {failed && <Alert severity="error">{t('loginBox.captcha.unavailable')}</Alert>}
    </>
  );
}

/** Whether sign-in and sign-up ask for a captcha (the public policy): null until known; off when unreadable. */
function useCaptchaPolicy(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api.request<CaptchaPolicy>(paths.securityPolicy.getCaptchaPolicy).then(
      (policy) => live && setEnabled(policy.enabled),
      // The server asks for the captcha anyway when it is on (its answer then says so).
      () => live && setEnabled(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

export interface Captcha {
  /** The widget (and, after a refused submit, the message), to put above the submit button; null when off. */
  field: ReactNode;
  /**
   * Before a submit: the solution to send as `recaptchaToken` (undefined when the policy is off); false when the
   * policy is on and the captcha is not solved yet (the field then says so, and nothing is sent).
   */
  take: () => string | undefined | false;
  /** After a refused submit: a new challenge (a solution is used once). */
  reset: () => void;
}

/** The captcha of a sign-in or sign-up form. */
export function useCaptcha(): Captcha {
  const { t } = useT();
  const enabled = useCaptchaPolicy();
  // A ref, not state: a submit right after the widget's event must see the solution (no render in between).
  const payload = useRef<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [generation, setGeneration] = useState(0);
  const onPayload = useCallback((value: string | null) => {
    payload.current = value;
    if (value) setMissing(false);
  }, []);
  const take = useCallback(() => {
    if (!enabled) return undefined;
    if (payload.current) return payload.current;
    setMissing(true);
    return false;
  }, [enabled]);
  const reset = useCallback(() => {
    payload.current = null;
    setGeneration((g) => g + 1);
  }, []);
  const field = enabled ? (
    <div css={{ display: 'grid', gap: 'var(--fe-spacing)' }}>
      <CaptchaWidget key={generation} onPayload={onPayload} />
      {missing && (
        <p role="alert" css={{ margin: 0, color: 'var(--fe-color-error, #b3261e)' }}>
          {t('loginBox.captcha.required')}
        </p>
      )}
    </div>
  ) : null;
  return { field, take, reset };
}
