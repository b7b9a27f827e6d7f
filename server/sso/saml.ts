import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** A SAML identity provider of an SSO configuration. */
export const samlIdpConfig = z.object({
  entryPoint: z.string().url(),
  /** The IdP's signing certificate (PEM or base64 body). */
  idpCert: z.string().min(1),
  /** The IdP's entity id: when set, the assertion's Issuer must equal it. */
  idpIssuer: z.string().min(1).optional(),
});
export type SamlIdpConfig = z.infer<typeof samlIdpConfig>;

/** The service provider's side: this server's entity id and assertion consumer service URL. */
export interface SamlSp {
  entityId: string;
  acsUrl: string;
}

const CLOCK_SKEW_MS = 60_000;
const REQUEST_TTL_MS = 10 * 60_000;

/**
 * The request id cache of node-saml, backed by the flow's state challenge instead of memory: at the ACS only
 * the id of the AuthnRequest this RelayState started is known (InResponseTo must name it).
 */
function requestIdCache(expectedId: string | null, issuedAt: number): CacheProvider {
  return {
    saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => (expectedId && key === expectedId ? new Date(issuedAt).toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function samlFor(idp: SamlIdpConfig, sp: SamlSp, request: { id: string | null; issuedAt: number }) {
  const id = request.id;
  return new SAML({
    entryPoint: idp.entryPoint,
    idpCert: idp.idpCert,
    idpIssuer: idp.idpIssuer,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    // The assertion itself must carry a valid signature of the IdP's certificate.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestIdCache(id, request.issuedAt),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: REQUEST_TTL_MS,
    generateUniqueId: () => id ?? `_${randomBytes(20).toString('hex')}`,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  });
}

/** A new AuthnRequest id (kept in the state challenge) and the redirect-binding URL carrying it. */
export async function samlAuthorizeUrl(
  idp: SamlIdpConfig,
  sp: SamlSp,
  relayState: string,
  requestId: string,
): Promise<string> {
  return samlFor(idp, sp, { id: requestId, issuedAt: Date.now() }).getAuthorizeUrlAsync(
    relayState,
    undefined,
    {},
  );
}

export const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

export interface SamlIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

/**
 * Validates a posted SAMLResponse: the signed assertion (IdP certificate), issuer, audience (this SP),
 * NotBefore/NotOnOrAfter (60 s skew), InResponseTo naming the request this flow sent (no IdP-initiated or
 * replayed answers), and the subject confirmation's Recipient being this ACS.
 */
export async function validateSamlResponse(
  idp: SamlIdpConfig,
  sp: SamlSp,
  request: { id: string; issuedAt: number },
  samlResponse: string,
): Promise<SamlIdentity> {
  const saml = samlFor(idp, sp, request);
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('no profile in the SAML response');
  if (profile.inResponseTo !== request.id) throw new Error('InResponseTo does not name this request');
  if (!recipients(profile).includes(sp.acsUrl)) throw new Error('the assertion is not for this ACS');
  const attribute = (...names: string[]) => {
    for (const n of names) {
      const v = profile[n] ?? (profile.attributes as Record<string, unknown> | undefined)?.[n];
      if (typeof v === 'string' && v) return v;
    }
    return null;
  };
  const email =
    attribute('email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress') ??
    (profile.nameID?.includes('@') ? profile.nameID : null);
  return {
    subject: profile.nameID,
    email,
    name: attribute('name', 'displayName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'),
  };
}

type Node = { $?: Record<string, string>; [k: string]: unknown };

/** The Recipient of each bearer subject confirmation of the validated assertion. */
function recipients(profile: Profile): string[] {
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const subject = (assertion?.Subject as Node[] | undefined)?.[0];
  const confirmations = (subject?.SubjectConfirmation as Node[] | undefined) ?? [];
  return confirmations.flatMap((sc) =>
    ((sc.SubjectConfirmationData as Node[] | undefined) ?? [])
      .map((d) => d.$?.Recipient)
      .filter((r): r is string => typeof r === 'string'),
  );
}

/** The SP metadata an IdP administrator imports. */
export function samlSpMetadata(sp: SamlSp): string {
  return samlFor({ entryPoint: sp.acsUrl, idpCert: 'unused' }, sp, {
    id: null,
    issuedAt: 0,
  }).generateServiceProviderMetadata(null, null);
}
