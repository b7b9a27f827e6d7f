import { useState } from 'react';
import { ssoDomainName } from '../../../../shared/api/contracts/ssoConfigurations';
import { errorMessage } from '../../../../shared/api/errors';
import type { SsoConfigurationInput } from '../../../../shared/api/ssoConfigurations';
import { useT } from '../../../../shared/i18n/useT';
import { TextField } from '../../../../shared/ui';
import { DialogForm } from '../../kit/DialogForm';
import { OidcIdpFields, SamlIdpFields } from './IdpFields';
import { FileField, hintCss, RadioGroup } from './parts';
import { isWebUrl, MetadataFileError, readMetadataFile, type SamlSource } from './ssoDraft';

type Protocol = 'saml' | 'oidc';
type SetUp = 'file' | 'url' | 'fields';

/** What the add dialog asks the page to do: keep or send a SAML configuration, or send an OIDC one. */
export type NewSsoConfiguration =
  | { protocol: 'saml'; source: SamlSource; domain: string }
  | { protocol: 'oidc'; input: SsoConfigurationInput };

/**
 * The add dialog (SCREEN-066): SAML by metadata file or URL (SSO-006) or by fields, with an optional first
 * domain (without one, the page keeps it as a draft, SSO-007); OIDC by issuer, client id and secret. What the
 * browser can check is checked before anything is sent; a refusal keeps the dialog open with all it holds.
 */
export function AddSsoDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (input: NewSsoConfiguration) => Promise<void>;
}) {
  const { t } = useT();
  const [protocol, setProtocol] = useState<Protocol>('saml');
  const [setUp, setSetUp] = useState<SetUp>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [ssoEndpoint, setSsoEndpoint] = useState('');
  const [certificate, setCertificate] = useState('');
  const [idpEntityId, setIdpEntityId] = useState('');
  const [domain, setDomain] = useState('');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The SAML source from the fields, or the reason it cannot be used (nothing sent). */
  const samlSource = async (): Promise<SamlSource | string> => {
    if (setUp === 'file') {
      // SSO-006: metadata comes as a file or a URL.
      if (!file) return t('adminPortal.sso.chooseMetadata');
      try {
        return { kind: 'file', metadata: await readMetadataFile(file), fileName: file.name };
      } catch (err) {
        if (err instanceof MetadataFileError) return t(`adminPortal.sso.${err.problem}`);
        throw err;
      }
    }
    if (setUp === 'url') {
      if (!url.trim()) return t('adminPortal.sso.chooseMetadata');
      return isWebUrl(url) ? { kind: 'url', url: url.trim() } : t('adminPortal.sso.invalidUrl');
    }
    if (!ssoEndpoint.trim() || !certificate.trim()) return t('adminPortal.sso.detailsRequired');
    if (!isWebUrl(ssoEndpoint)) return t('adminPortal.sso.invalidUrl');
    return { kind: 'fields', ssoEndpoint, publicCertificate: certificate, idpEntityId };
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (protocol === 'saml') {
        const source = await samlSource();
        if (typeof source === 'string') return setError(source);
        const checked = domain.trim() ? ssoDomainName.safeParse(domain) : null;
        if (checked && !checked.success)
          return setError(checked.error.issues[0]?.message ?? 'Not a valid domain');
        await onCreate({ protocol, source, domain: checked?.data ?? '' });
      } else {
        if (!issuer.trim() || !clientId.trim() || !secret) return setError(t('adminPortal.sso.oidcRequired'));
        if (!isWebUrl(issuer)) return setError(t('adminPortal.sso.invalidUrl'));
        await onCreate({
          protocol,
          input: {
            type: 'oidc',
            oidcIssuer: issuer.trim(),
            oidcClientId: clientId.trim(),
            oidcSecret: secret,
          },
        });
      }
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogForm
      title={t('adminPortal.sso.addTitle')}
      name="sso-configuration"
      width={600}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.sso.create')}
      busy={busy}
      busyLabel={t('adminPortal.sso.creating')}
      error={error}
    >
      <RadioGroup<Protocol>
        legend={t('adminPortal.sso.protocol')}
        name="protocol"
        value={protocol}
        disabled={busy}
        onChange={setProtocol}
        options={[
          { value: 'saml', label: t('adminPortal.sso.saml') },
          { value: 'oidc', label: t('adminPortal.sso.oidc') },
        ]}
      />
      {protocol === 'saml' ? (
        <>
          <RadioGroup<SetUp>
            legend={t('adminPortal.sso.setUpWith')}
            name="set-up"
            value={setUp}
            disabled={busy}
            onChange={setSetUp}
            options={[
              { value: 'file', label: t('adminPortal.sso.metadataFile') },
              { value: 'url', label: t('adminPortal.sso.metadataUrl') },
              { value: 'fields', label: t('adminPortal.sso.enterDetails') },
            ]}
          />
          {setUp === 'file' && (
            <FileField
              label={t('adminPortal.sso.metadataFile')}
              accept=".xml,application/xml,text/xml"
              disabled={busy}
              onFile={setFile}
            />
          )}
          {setUp === 'url' && (
            <TextField
              label={t('adminPortal.sso.metadataUrl')}
              type="url"
              autoComplete="off"
              placeholder="https://"
              value={url}
              disabled={busy}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
          )}
          {setUp === 'fields' && (
            <SamlIdpFields
              signInUrl={[ssoEndpoint, setSsoEndpoint]}
              certificate={[certificate, setCertificate]}
              entityId={[idpEntityId, setIdpEntityId]}
              disabled={busy}
            />
          )}
          <div>
            <TextField
              label={t('adminPortal.sso.domainOptional')}
              autoComplete="off"
              placeholder="example.com"
              value={domain}
              disabled={busy}
              onChange={(event) => setDomain(event.currentTarget.value)}
            />
            <p css={hintCss}>{t('adminPortal.sso.domainHint')}</p>
          </div>
        </>
      ) : (
        <OidcIdpFields
          issuer={[issuer, setIssuer]}
          clientId={[clientId, setClientId]}
          secret={[secret, setSecret]}
          disabled={busy}
        />
      )}
    </DialogForm>
  );
}
