import { useT } from '../../../../shared/i18n/useT';
import { TextField } from '../../../../shared/ui';
import { TextArea } from './parts';

/** A field's value and its setter (a `useState` pair). */
type Field = readonly [string, (value: string) => void];

/** The SAML IdP's side by fields (sign-in URL, certificate, IdP entity ID): the add dialog's and the Connection tab's. */
export function SamlIdpFields(props: {
  signInUrl: Field;
  certificate: Field;
  entityId: Field;
  disabled: boolean;
}) {
  const { t } = useT();
  const { disabled } = props;
  return (
    <>
      <TextField
        label={t('adminPortal.sso.signInUrl')}
        type="url"
        autoComplete="off"
        value={props.signInUrl[0]}
        disabled={disabled}
        onChange={(event) => props.signInUrl[1](event.currentTarget.value)}
      />
      <TextArea
        label={t('adminPortal.sso.certificate')}
        value={props.certificate[0]}
        disabled={disabled}
        placeholder="-----BEGIN CERTIFICATE-----"
        onChange={props.certificate[1]}
      />
      <TextField
        label={t('adminPortal.sso.idpEntityId')}
        autoComplete="off"
        value={props.entityId[0]}
        disabled={disabled}
        onChange={(event) => props.entityId[1](event.currentTarget.value)}
      />
    </>
  );
}

/** The OIDC IdP's side (issuer, client ID, secret — never shown back; `secretSet` says one is stored). */
export function OidcIdpFields(props: {
  issuer: Field;
  clientId: Field;
  secret: Field;
  secretSet?: boolean;
  disabled: boolean;
}) {
  const { t } = useT();
  const { disabled, secretSet } = props;
  return (
    <>
      <TextField
        label={t('adminPortal.sso.issuer')}
        type="url"
        autoComplete="off"
        placeholder="https://"
        value={props.issuer[0]}
        disabled={disabled}
        onChange={(event) => props.issuer[1](event.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.sso.clientId')}
        autoComplete="off"
        value={props.clientId[0]}
        disabled={disabled}
        onChange={(event) => props.clientId[1](event.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.sso.clientSecret')}
        type="password"
        autoComplete="new-password"
        placeholder={secretSet ? '••••••••' : undefined}
        aria-description={secretSet ? t('adminPortal.sso.secretSet') : undefined}
        value={props.secret[0]}
        disabled={disabled}
        onChange={(event) => props.secret[1](event.currentTarget.value)}
      />
    </>
  );
}
