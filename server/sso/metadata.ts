// SAML IdP metadata (SSO-006): the entity id, the HTTP-Redirect SingleSignOnService and the signing certificate
// of an IDPSSODescriptor, read with xmldom. A document with a DTD is refused before parsing: no entity
// expansion (billion laughs) and no external entities, whatever the parser would do with them.
import { DOMParser } from '@xmldom/xmldom';
import { apiError } from '../context';
import type { SamlIdpConfig } from './saml';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export const METADATA_NOT_XML = 'metadata: Not a SAML metadata XML document';
export const METADATA_DTD = 'metadata: Metadata with a DTD is refused';
export const METADATA_NO_IDP = 'metadata: No IDPSSODescriptor in the metadata';
export const METADATA_NO_REDIRECT = 'metadata: No HTTP-Redirect SingleSignOnService in the metadata';
export const METADATA_NO_CERT = 'metadata: No signing certificate in the metadata';

const children = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name) as unknown as Iterable<Element>);

/** The configuration fields a metadata document gives (entryPoint, idpCert, idpIssuer); a 400 when unusable. */
export function parseIdpMetadata(xml: string): Required<SamlIdpConfig> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw apiError(400, METADATA_DTD);
  let root: Element | null = null;
  try {
    const errors: string[] = [];
    const doc = new DOMParser({
      errorHandler: (level: string, message: unknown) => {
        if (level !== 'warning') errors.push(String(message));
      },
    }).parseFromString(xml, 'text/xml');
    if (!errors.length) root = doc.documentElement;
  } catch {
    root = null;
  }
  if (
    !root ||
    root.namespaceURI !== MD ||
    !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName)
  )
    throw apiError(400, METADATA_NOT_XML);

  // The first entity with an IdP role (an aggregate may list several).
  const entities = root.localName === 'EntityDescriptor' ? [root] : children(root, MD, 'EntityDescriptor');
  const entity = entities.find((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity && children(entity, MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw apiError(400, METADATA_NO_IDP);

  const sso = children(idp, MD, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === REDIRECT);
  const location = sso?.getAttribute('Location')?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(location) || !URL.canParse(location))
    throw apiError(400, METADATA_NO_REDIRECT);

  const signing = children(idp, MD, 'KeyDescriptor').filter((k) => {
    const use = k.getAttribute('use');
    return !use || use === 'signing';
  });
  const cert = signing
    .flatMap((k) => children(k, DS, 'X509Certificate'))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .find((body) => /^[A-Za-z0-9+/]+=*$/.test(body));
  if (!cert) throw apiError(400, METADATA_NO_CERT);

  return {
    entryPoint: location,
    idpCert: `-----BEGIN CERTIFICATE-----\n${cert.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`,
    idpIssuer: entity.getAttribute('entityID')?.trim() || location,
  };
}
