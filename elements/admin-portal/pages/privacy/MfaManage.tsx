import { useState, type FormEvent } from 'react';
import { adminPortalApi } from '../../../../shared/api/client';
import { errorMessage } from '../../../../shared/api/errors';
import { mfaProfileApi, type MfaDeviceLists } from '../../../../shared/api/mfa';
import { useT } from '../../../../shared/i18n/useT';
import {
  Alert,
  Button,
  CodeField,
  Dialog,
  DialogActions,
  PhoneField,
  TotpSecret,
} from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';

const mfa = mfaProfileApi(adminPortalApi);
const stack = { display: 'grid', gap: space.xl } as const;

type Flow =
  | { kind: 'enrollAuthenticator'; qrCode: string; secret: string }
  | { kind: 'enrollSmsPhone' }
  | { kind: 'enrollSmsCode'; otcToken: string }
  | { kind: 'recoveryCode'; code: string }
  | { kind: 'disableAuthenticator'; deviceId: string }
  | { kind: 'disableSms'; deviceId: string; otcToken: string }
  | null;

/**
 * Enrol and turn off MFA methods from the privacy page (profile-time users/v1/mfa/*): an authenticator app
 * (QR code and key, then a code; the recovery code is shown once) and SMS; turning one off clears every
 * device of that kind (MFA-008) and needs a current code.
 */
export function MfaManage({ devices, onChanged }: { devices: MfaDeviceLists; onChanged: () => void }) {
  const { t } = useT();
  const [flow, setFlow] = useState<Flow>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState('');

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(e, t('common.genericError')));
    } finally {
      setBusy(false);
    }
  };
  const open = (next: Flow) => {
    setValue('');
    setError(null);
    setFlow(next);
  };
  const close = () => {
    const changed = flow?.kind === 'recoveryCode';
    setFlow(null);
    setError(null);
    if (changed) onChanged();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!flow) return;
    const code = value.trim();
    void run(async () => {
      switch (flow.kind) {
        case 'enrollAuthenticator': {
          const { recoveryCode } = await mfa.enrollAuthenticator(code);
          return open({ kind: 'recoveryCode', code: recoveryCode });
        }
        case 'enrollSmsPhone': {
          const { otcToken } = await mfa.preEnrollSms(code);
          return open({ kind: 'enrollSmsCode', otcToken });
        }
        case 'enrollSmsCode': {
          const { recoveryCode } = await mfa.enrollSms(flow.otcToken, code);
          return open({ kind: 'recoveryCode', code: recoveryCode });
        }
        case 'disableAuthenticator':
          await mfa.disableAuthenticator(flow.deviceId, code);
          setFlow(null);
          return onChanged();
        case 'disableSms':
          await mfa.disableSms(flow.deviceId, flow.otcToken, code);
          setFlow(null);
          return onChanged();
        case 'recoveryCode':
          return close();
      }
    });
  };

  const title =
    flow?.kind === 'enrollAuthenticator'
      ? t('adminPortal.privacyMfa.enrollAuthenticatorTitle')
      : flow?.kind === 'enrollSmsPhone' || flow?.kind === 'enrollSmsCode'
        ? t('adminPortal.privacyMfa.enrollSmsTitle')
        : flow?.kind === 'recoveryCode'
          ? t('adminPortal.privacyMfa.recoveryTitle')
          : t('adminPortal.privacyMfa.disableTitle');
  const authenticator = devices.authenticators[0];

  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.md }} data-mfa-manage>
      {authenticator ? (
        <Button
          variant="secondary"
          onClick={() => open({ kind: 'disableAuthenticator', deviceId: authenticator.id })}
        >
          {t('adminPortal.privacyMfa.disableAuthenticator')}
        </Button>
      ) : (
        <Button
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const { qrCode, secret } = await mfa.preEnrollAuthenticator();
              open({ kind: 'enrollAuthenticator', qrCode, secret });
            })
          }
        >
          {t('adminPortal.privacyMfa.enrollAuthenticator')}
        </Button>
      )}
      {devices.phones.map((phone) => (
        <Button
          key={phone.id}
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const { otcToken } = await mfa.preDisableSms(phone.id);
              open({ kind: 'disableSms', deviceId: phone.id, otcToken });
            })
          }
        >
          {t('adminPortal.privacyMfa.disableSms', { phone: phone.phoneNumber })}
        </Button>
      ))}
      {devices.phones.length === 0 && (
        <Button variant="secondary" onClick={() => open({ kind: 'enrollSmsPhone' })}>
          {t('adminPortal.privacyMfa.enrollSms')}
        </Button>
      )}
      {!flow && error && <Alert severity="error">{error}</Alert>}
      <Dialog open={flow !== null} title={title} onClose={close}>
        <form noValidate onSubmit={submit} aria-busy={busy} css={stack}>
          {error && <Alert severity="error">{error}</Alert>}
          {flow?.kind === 'enrollAuthenticator' && (
            <>
              <p css={{ margin: 0 }}>{t('loginBox.mfa.scanQr')}</p>
              <img
                src={flow.qrCode}
                alt={t('loginBox.mfa.qrAlt')}
                width={200}
                height={200}
                css={{ justifySelf: 'center', background: '#fff', padding: space.md }}
              />
              <TotpSecret secret={flow.secret} />
            </>
          )}
          {flow?.kind === 'recoveryCode' ? (
            <>
              <Alert severity="success">{t('loginBox.mfa.enrolled')}</Alert>
              <p css={{ margin: 0 }}>{t('loginBox.mfa.recoveryCodeText')}</p>
              <code data-recovery-code css={{ textAlign: 'center', fontSize: '1.1em' }}>
                {flow.code}
              </code>
            </>
          ) : flow?.kind === 'enrollSmsPhone' ? (
            <PhoneField label={t('loginBox.mfa.phoneLabel')} value={value} onValue={setValue} />
          ) : (
            flow && (
              <CodeField label={t('loginBox.mfa.codeLabel')} digits={6} value={value} onValue={setValue} />
            )
          )}
          {(flow?.kind === 'disableAuthenticator' || flow?.kind === 'disableSms') && (
            <p css={{ margin: 0 }}>{t('adminPortal.privacyMfa.disableText')}</p>
          )}
          <DialogActions>
            {flow?.kind !== 'recoveryCode' && (
              <Button variant="secondary" onClick={close}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" disabled={busy}>
              {flow?.kind === 'recoveryCode'
                ? t('common.close')
                : flow?.kind === 'enrollSmsPhone'
                  ? t('loginBox.mfa.sendCode')
                  : flow?.kind === 'disableAuthenticator' || flow?.kind === 'disableSms'
                    ? t('adminPortal.privacyMfa.turnOff')
                    : t('loginBox.mfa.verify')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}
