// SSO-006 and SSO-007 on the new model. SSO-006: SAML metadata comes as a file (read as text in the browser, at
// most 512 kB) or a URL; SSO-007: a SAML configuration without a domain is kept in the page only (a draft) and
// sent once its first domain is given — then the configuration and the domain are sent one after the other.
import {
  MAX_METADATA_BYTES,
  type SsoConfiguration,
  type SsoConfigurationsApi,
} from '../../../../shared/api/ssoConfigurations';

/** Where a SAML configuration's IdP side comes from (SSO-006: a file or a URL; or the fields typed in). */
export type SamlSource =
  | { kind: 'file'; metadata: string; fileName: string }
  | { kind: 'url'; url: string }
  | { kind: 'fields'; ssoEndpoint: string; publicCertificate: string; idpEntityId: string };

/** A SAML configuration not sent yet (SSO-007): it lives in the page until a domain is added. */
export interface SamlDraft {
  draftId: string;
  source: SamlSource;
}

/** Why a metadata file was refused before anything was sent. */
export type MetadataProblem = 'metadataTooLarge' | 'metadataEmpty' | 'metadataNotXml';

export class MetadataFileError extends Error {
  constructor(readonly problem: MetadataProblem) {
    super(problem);
  }
}

/**
 * The text of a chosen metadata file (SSO-006): at most 512 kB, not empty, an XML document whose root is a
 * SAML EntityDescriptor (or EntitiesDescriptor). The server checks the rest (signing certificate, endpoint).
 */
export async function readMetadataFile(file: Blob): Promise<string> {
  if (file.size > MAX_METADATA_BYTES) throw new MetadataFileError('metadataTooLarge');
  const text = await file.text();
  if (!text.trim()) throw new MetadataFileError('metadataEmpty');
  if (!looksLikeSamlMetadata(text)) throw new MetadataFileError('metadataNotXml');
  return text;
}

/** Whether a text parses as XML with a SAML metadata root (no script runs: DOMParser of XML). */
export function looksLikeSamlMetadata(text: string): boolean {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return false;
  const root = doc.documentElement?.localName;
  return root === 'EntityDescriptor' || root === 'EntitiesDescriptor';
}

/** An absolute http(s) URL (the server refuses plain http outside development). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Sends a SAML configuration from its source: by metadata, by metadata URL or by fields. */
export function createSaml(
  api: Pick<SsoConfigurationsApi, 'createByMetadata' | 'createByMetadataUrl' | 'createConfiguration'>,
  source: SamlSource,
): Promise<SsoConfiguration> {
  if (source.kind === 'file') return api.createByMetadata(source.metadata);
  if (source.kind === 'url') return api.createByMetadataUrl(source.url.trim());
  return api.createConfiguration({
    type: 'saml',
    ssoEndpoint: source.ssoEndpoint.trim(),
    publicCertificate: source.publicCertificate.trim(),
    ...(source.idpEntityId.trim() ? { idpEntityId: source.idpEntityId.trim() } : {}),
  });
}

/**
 * Saves a draft with its first domain (SSO-007): the configuration, then the domain. When the configuration
 * was created but the domain was refused, the answer still carries the configuration (it is on the server
 * now) and the domain's error.
 */
export async function saveDraft(
  api: Pick<
    SsoConfigurationsApi,
    'createByMetadata' | 'createByMetadataUrl' | 'createConfiguration' | 'createDomain'
  >,
  draft: SamlDraft,
  domain: string,
): Promise<{ config: SsoConfiguration; domainError?: unknown }> {
  const config = await createSaml(api, draft.source);
  try {
    const added = await api.createDomain(config.id, domain);
    return { config: { ...config, domains: [...config.domains, added] } };
  } catch (domainError) {
    return { config, domainError };
  }
}
