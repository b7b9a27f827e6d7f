import { useT } from '../i18n/useT';

/** The authenticator secret to type in by hand, for a device that cannot scan the QR code. */
export function TotpSecret({ secret }: { secret: string | null }) {
  const { t } = useT();
  return (
    <p css={{ margin: 0 }}>
      {t('loginBox.mfa.manualEntry')}{' '}
      <code data-totp-secret css={{ wordBreak: 'break-all', fontWeight: 600 }}>
        {secret}
      </code>
    </p>
  );
}
