import { useState } from 'react';
import { adminPortalApi } from '../../../../shared/api/client';
import { errorMessage } from '../../../../shared/api/errors';
import { profileApi, type WebAuthnDevice } from '../../../../shared/api/profile';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { isCeremonyCancelled, registerPasskey, webAuthnAvailable } from '../../../../shared/auth/webauthn';
import { useT } from '../../../../shared/i18n/useT';
import { Button, ConfirmDialog, useToast } from '../../../../shared/ui';
import { Subsection } from '../../PageParts';
import { space } from '../../../../themes/tokens';
import { AccountList } from './AccountList';
import { listCss, rowCss } from './listStyles';
import { runOperation } from '../../../../shared/api/operation';

/** A failure stays in the section (the user must act); a completed action is a toast. */
type Status = { kind: 'failed'; error: string } | null;

/** The user's passkeys: listed with the date each was added; a new one is registered here, one is deleted. */
export function PasskeysSection() {
  const { t, locale } = useT();
  const { state, reload } = useAccountData(() => profileApi.getWebAuthnDevices());
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<WebAuthnDevice | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const toast = useToast();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const label = (p: WebAuthnDevice) => p.name || t('adminPortal.privacy.passkeyUnnamed');

  const add = async () => {
    setAdding(true);
    setStatus(null);
    try {
      await registerPasskey(adminPortalApi);
      toast({ text: t('adminPortal.privacy.passkeyRegistered') });
      reload();
    } catch (error) {
      setStatus({
        kind: 'failed',
        error: isCeremonyCancelled(error)
          ? t('adminPortal.privacy.passkeyCancelled')
          : errorMessage(error, t('adminPortal.privacy.passkeyRegisterFailed')),
      });
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!confirm) return;
    const result = await runOperation(
      {
        setLoading: setDeleting,
        setError: (error) => setStatus(error === null ? null : { kind: 'failed', error }),
      },
      () => profileApi.deleteWebAuthnDevice(confirm.id),
      t('common.genericError'),
    );
    setConfirm(null);
    if (!result.ok) return;
    toast({ text: t('adminPortal.privacy.passkeyDeleted') });
    reload();
  };

  const passkeys = state.status === 'ready' ? state.data : [];

  return (
    <Subsection title={t('adminPortal.privacy.passkeys')} id="fe-privacy-passkeys">
      <div css={{ display: 'grid', gap: space.md }}>
        <AccountList
          intro={t('adminPortal.privacy.passkeysIntro')}
          failure={status?.kind === 'failed' ? status.error : null}
          state={state}
          onRetry={reload}
          items={passkeys}
          empty={t('adminPortal.privacy.noPasskeys')}
        >
          <ul css={listCss} data-passkeys>
            {passkeys.map((p) => (
              <li key={p.id} data-passkey={p.id} css={rowCss}>
                <span>
                  {label(p)}
                  {p.createdAt && (
                    <span css={{ color: 'var(--fe-color-text-secondary)' }}>
                      {' · '}
                      {t('adminPortal.privacy.passkeyAdded', { date: formatDate(date, p.createdAt) })}
                    </span>
                  )}
                </span>
                <Button
                  variant="text"
                  data-delete-passkey={p.id}
                  aria-label={t('adminPortal.privacy.deletePasskeyNamed', { name: label(p) })}
                  onClick={() => setConfirm(p)}
                >
                  {t('adminPortal.privacy.deletePasskey')}
                </Button>
              </li>
            ))}
          </ul>
        </AccountList>
        {webAuthnAvailable() ? (
          <div>
            <Button variant="secondary" data-add-passkey disabled={adding} onClick={() => void add()}>
              {adding ? t('adminPortal.privacy.addingPasskey') : t('adminPortal.privacy.addPasskey')}
            </Button>
          </div>
        ) : (
          <p css={{ margin: 0 }}>{t('adminPortal.privacy.passkeysUnsupported')}</p>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={t('adminPortal.privacy.deletePasskeyTitle')}
        confirmLabel={t('adminPortal.privacy.deletePasskey')}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      >
        {confirm ? t('adminPortal.privacy.deletePasskeyBody', { name: label(confirm) }) : ''}
      </ConfirmDialog>
    </Subsection>
  );
}

function formatDate(format: Intl.DateTimeFormat, value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : format.format(d);
}
