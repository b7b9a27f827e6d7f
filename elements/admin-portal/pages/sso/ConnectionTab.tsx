import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { ssoConfigurationsApi, type SsoConfiguration } from '../../../../shared/api/ssoConfigurations';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { Button, TextField, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { FieldColumns } from '../../kit/FieldColumns';
import { OidcIdpFields, SamlIdpFields } from './IdpFields';
import { CopyField, fieldsetCss, FileField, hintCss, legendCss } from './parts';
import { isWebUrl, MetadataFileError, readMetadataFile, type SamlDraft } from './ssoDraft';

/** An address the server gave: absolute as is; a path is the API's (under the base URL). */
function serverUrl(value: string, baseUrl: string | undefined): string {
  if (!value.startsWith('/') || !baseUrl) return value;
  return `${baseUrl.replace(/\/+$/, '')}${value}`;
}

/** What the customer copies into their IdP: the ACS URL, SP entity id and metadata (SAML), the redirect URI. */
function ForYourIdp({ config }: { config: SsoConfiguration }) {
  const { t } = useT();
  const { baseUrl } = useAtomValue(optionsAtom);
  const copy = (name: string) => ({
    copyLabel: t('adminPortal.sso.copy'),
    copyName: t('adminPortal.sso.copyValue', { name }),
  });
  return (
    <fieldset css={fieldsetCss} data-for-idp>
      <legend css={legendCss}>{t('adminPortal.sso.forYourIdp')}</legend>
      {config.type === 'oidc' ? (
        <CopyField
          label={t('adminPortal.sso.redirectUri')}
          value={config.oidcRedirectUri}
          marker="redirect-uri"
          {...copy(t('adminPortal.sso.redirectUri'))}
        />
      ) : (
        <>
          <CopyField
            label={t('adminPortal.sso.acsUrl')}
            value={config.acsUrl}
            marker="acs-url"
            {...copy(t('adminPortal.sso.acsUrl'))}
          />
          <CopyField
            label={t('adminPortal.sso.spEntityId')}
            value={config.spEntityId}
            marker="sp-entity-id"
            {...copy(t('adminPortal.sso.spEntityId'))}
          />
          <a
            href={serverUrl(config.spMetadataUrl, baseUrl)}
            download="sp-metadata.xml"
            data-sp-metadata
            css={{ color: 'var(--fe-color-primary)', fontWeight: 600, justifySelf: 'start' }}
          >
            {t('adminPortal.sso.downloadMetadata')}
          </a>
        </>
      )}
    </fieldset>
  );
}

/**
 * The Connection tab of a saved configuration: what the IdP needs from us (copy), the IdP side (editable,
 * "Save connection"), the metadata replaced by a file or a URL (SAML, SSO-006), and the delete.
 */
export function ConnectionTab({
  config,
  canWrite,
  onSaved,
  onError,
  onDelete,
}: {
  config: SsoConfiguration;
  canWrite: boolean;
  onSaved: (config: SsoConfiguration) => void;
  onError: (text: string | null) => void;
  onDelete: () => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const saml = config.type !== 'oidc';
  const [ssoEndpoint, setSsoEndpoint] = useState(config.ssoEndpoint);
  const [certificate, setCertificate] = useState(config.publicCertificate);
  const [idpEntityId, setIdpEntityId] = useState(config.idpEntityId);
  const [issuer, setIssuer] = useState(config.oidcIssuer);
  const [clientId, setClientId] = useState(config.oidcClientId);
  const [secret, setSecret] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [metadataUrl, setMetadataUrl] = useState(config.metadataUrl ?? '');
  const [busy, setBusy] = useState<'connection' | 'metadata' | null>(null);
  const off = !canWrite || busy !== null;

  /** Runs a change; a refusal shows in the configuration and keeps every field as typed. */
  const run = async (kind: 'connection' | 'metadata', call: () => Promise<SsoConfiguration | string>) => {
    setBusy(kind);
    onError(null);
    try {
      const answer = await call();
      if (typeof answer === 'string') return onError(answer);
      onSaved(answer);
      toast({
        text: t(
          kind === 'connection' ? 'adminPortal.sso.connectionSaved' : 'adminPortal.sso.metadataReplaced',
        ),
      });
      if (kind === 'metadata') {
        // The IdP side now comes from the metadata.
        setSsoEndpoint(answer.ssoEndpoint);
        setCertificate(answer.publicCertificate);
        setIdpEntityId(answer.idpEntityId);
        setFile(null);
        setFileKey((n) => n + 1);
      } else setSecret('');
    } catch (err) {
      onError(errorMessage(err, t('common.genericError')));
    } finally {
      setBusy(null);
    }
  };

  const saveConnection = () =>
    run('connection', async () => {
      if (saml) {
        if (ssoEndpoint.trim() && !isWebUrl(ssoEndpoint)) return t('adminPortal.sso.invalidUrl');
        return ssoConfigurationsApi.updateConfiguration(config.id, {
          ssoEndpoint: ssoEndpoint.trim(),
          publicCertificate: certificate.trim(),
          idpEntityId: idpEntityId.trim(),
        });
      }
      if (issuer.trim() && !isWebUrl(issuer)) return t('adminPortal.sso.invalidUrl');
      return ssoConfigurationsApi.updateConfiguration(config.id, {
        oidcIssuer: issuer.trim(),
        oidcClientId: clientId.trim(),
        ...(secret ? { oidcSecret: secret } : {}),
      });
    });

  const replaceMetadata = () =>
    run('metadata', async () => {
      // SSO-006: a file or a URL, nothing else.
      if (file) {
        try {
          return ssoConfigurationsApi.updateByMetadata(config.id, await readMetadataFile(file));
        } catch (err) {
          if (err instanceof MetadataFileError) return t(`adminPortal.sso.${err.problem}`);
          throw err;
        }
      }
      if (!metadataUrl.trim()) return t('adminPortal.sso.chooseMetadata');
      if (!isWebUrl(metadataUrl)) return t('adminPortal.sso.invalidUrl');
      return ssoConfigurationsApi.updateByMetadataUrl(config.id, metadataUrl.trim());
    });

  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.xl }}>
      <ForYourIdp config={config} />
      <form
        noValidate
        data-form="sso-connection"
        onSubmit={(event) => {
          event.preventDefault();
          void saveConnection();
        }}
        css={{ ...fieldsetCss, gap: space.lg }}
      >
        <h5 css={{ ...legendCss, margin: 0, padding: 0 }}>{t('adminPortal.sso.fromYourIdp')}</h5>
        {saml ? (
          <SamlIdpFields
            signInUrl={[ssoEndpoint, setSsoEndpoint]}
            certificate={[certificate, setCertificate]}
            entityId={[idpEntityId, setIdpEntityId]}
            disabled={off}
          />
        ) : (
          <FieldColumns minWidth={220}>
            <OidcIdpFields
              issuer={[issuer, setIssuer]}
              clientId={[clientId, setClientId]}
              secret={[secret, setSecret]}
              secretSet={config.oidcSecretSet}
              disabled={off}
            />
          </FieldColumns>
        )}
        {canWrite && (
          <div>
            <Button type="submit" data-save-connection disabled={off}>
              {busy === 'connection' ? t('adminPortal.form.saving') : t('adminPortal.sso.saveConnection')}
            </Button>
          </div>
        )}
      </form>
      {saml && canWrite && (
        <form
          noValidate
          data-form="sso-metadata"
          onSubmit={(event) => {
            event.preventDefault();
            void replaceMetadata();
          }}
          css={{ ...fieldsetCss, gap: space.lg }}
        >
          <h5 css={{ ...legendCss, margin: 0, padding: 0 }}>{t('adminPortal.sso.replaceMetadata')}</h5>
          <FieldColumns minWidth={220}>
            <FileField
              key={fileKey}
              label={t('adminPortal.sso.metadataFile')}
              accept=".xml,application/xml,text/xml"
              disabled={off}
              onFile={setFile}
            />
            <TextField
              label={t('adminPortal.sso.metadataUrl')}
              type="url"
              autoComplete="off"
              placeholder="https://"
              value={metadataUrl}
              disabled={off}
              onChange={(event) => setMetadataUrl(event.currentTarget.value)}
            />
          </FieldColumns>
          <div>
            <Button type="submit" variant="secondary" data-replace-metadata disabled={off}>
              {busy === 'metadata' ? t('adminPortal.form.saving') : t('adminPortal.sso.replaceMetadata')}
            </Button>
          </div>
        </form>
      )}
      {canWrite && (
        <div>
          <Button variant="secondary" data-delete-configuration disabled={off} onClick={onDelete}>
            {t('adminPortal.sso.deleteConfiguration')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The Connection tab of a draft (SSO-007): where its IdP side comes from; the rest shows once it is saved. */
export function DraftConnectionTab({ draft, onDiscard }: { draft: SamlDraft; onDiscard: () => void }) {
  const { t } = useT();
  const { source } = draft;
  const [label, value] =
    source.kind === 'file'
      ? [t('adminPortal.sso.metadataFile'), source.fileName]
      : source.kind === 'url'
        ? [t('adminPortal.sso.metadataUrl'), source.url]
        : [t('adminPortal.sso.signInUrl'), source.ssoEndpoint];
  return (
    <div css={{ display: 'grid', gap: space.lg }}>
      <dl css={{ margin: 0, display: 'grid', gap: space.xs }}>
        <dt css={{ ...legendCss, padding: 0 }}>{label}</dt>
        <dd css={{ margin: 0, overflowWrap: 'anywhere' }} data-draft-source>
          {value}
        </dd>
      </dl>
      <p css={hintCss}>{t('adminPortal.sso.savedOnceDomain')}</p>
      <div>
        <Button variant="secondary" data-discard-draft onClick={onDiscard}>
          {t('adminPortal.sso.discardDraft')}
        </Button>
      </div>
    </div>
  );
}
