import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { lt } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Services } from '../context';
import { ssoSeenAssertions } from '../db/schema';

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

/**
 * A node-saml instance for one flow. `request.id` null: no AuthnRequest of ours (IdP-initiated, or metadata):
 * InResponseTo is then checked only when present, and the empty cache refuses any present one.
 */
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
    validateInResponseTo: id ? ValidateInResponseTo.always : ValidateInResponseTo.ifPresent,
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
  /** The values of the configuration's groups attribute (single or multi-valued); [] when absent. */
  groups: string[];
  /** The consumed assertion: its ID, its Issuer and until when it could be replayed (replay store). */
  assertion: { id: string; issuer: string; notOnOrAfter: Date };
}

/**
 * Validates a posted SAMLResponse: the signed assertion (IdP certificate), its Issuer (the configuration's IdP
 * entity id, when known), audience (this SP), NotBefore/NotOnOrAfter (60 s skew), and the subject
 * confirmation's Recipient being this ACS. SP-initiated (`request` given): InResponseTo must name the request
 * this flow sent. IdP-initiated (`request` null): there must be no InResponseTo at all (an answer to some
 * request of ours is never accepted without its RelayState), and the bearer confirmation must be unexpired.
 */
export async function validateSamlResponse(
  idp: SamlIdpConfig,
  sp: SamlSp,
  request: { id: string; issuedAt: number } | null,
  samlResponse: string,
  opts: { groupsAttribute?: string } = {},
): Promise<SamlIdentity> {
  const saml = samlFor(idp, sp, request ?? { id: null, issuedAt: 0 });
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('no profile in the SAML response');
  if (idp.idpIssuer && profile.issuer !== idp.idpIssuer) throw new Error('the Issuer is not this IdP');
  if (request) {
    if (profile.inResponseTo !== request.id) throw new Error('InResponseTo does not name this request');
  } else if (profile.inResponseTo) throw new Error('InResponseTo names no request of ours');
  const confirmations = bearerConfirmations(profile).filter((d) => d.Recipient === sp.acsUrl);
  if (!confirmations.length) throw new Error('the assertion is not for this ACS');
  if (!request) {
    if (confirmations.some((d) => d.InResponseTo)) throw new Error('InResponseTo names no request of ours');
    const live = confirmations.some(
      (d) => d.NotOnOrAfter && Date.parse(d.NotOnOrAfter) + CLOCK_SKEW_MS > Date.now(),
    );
    if (!live) throw new Error('No valid subject confirmation: expired');
  }
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const attribute = (...names: string[]) => {
    for (const n of names) {
      const v = profile[n] ?? attributes[n];
      if (typeof v === 'string' && v) return v;
    }
    return null;
  };
  const email =
    attribute('email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress') ??
    (profile.nameID?.includes('@') ? profile.nameID : null);
  const groupsValue = opts.groupsAttribute ? attributes[opts.groupsAttribute] : undefined;
  return {
    subject: profile.nameID,
    email,
    name: attribute('name', 'displayName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'),
    groups: (Array.isArray(groupsValue) ? groupsValue : [groupsValue]).filter(
      (g): g is string => typeof g === 'string' && g.length > 0,
    ),
    assertion: assertionFacts(profile, confirmations),
  };
}

/**
 * The Issuer a posted SAMLResponse claims, read before any validation: only to choose which configuration's
 * certificate validates it (the validated assertion's Issuer is then checked against that configuration).
 */
export function claimedIssuer(samlResponse: string): string | null {
  if (samlResponse.length > 2_000_000) return null;
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const raw = xml.match(/<(?:[\w.-]+:)?Issuer\b[^>]*>([^<]{1,1024})<\//)?.[1]?.trim();
  if (!raw) return null;
  return raw
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Records an assertion as consumed (SAML replay protection): true the first time, false when the same IdP's
 * assertion id was seen before. Rows live until the assertion itself expires; expired ones are swept here.
 */
export async function firstUseOfAssertion(
  db: Services['db'],
  assertion: SamlIdentity['assertion'],
): Promise<boolean> {
  const key = createHash('sha256').update(`${assertion.issuer}\n${assertion.id}`).digest('hex');
  await db.delete(ssoSeenAssertions).where(lt(ssoSeenAssertions.expiresAt, new Date()));
  const inserted = await db
    .insert(ssoSeenAssertions)
    .values({ key, expiresAt: assertion.notOnOrAfter })
    .onConflictDoNothing()
    .returning({ key: ssoSeenAssertions.key });
  return inserted.length > 0;
}

type Node = { $?: Record<string, string>; [k: string]: unknown };

/** The SubjectConfirmationData attributes of the validated assertion's subject confirmations. */
function bearerConfirmations(profile: Profile): Record<string, string>[] {
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const subject = (assertion?.Subject as Node[] | undefined)?.[0];
  const confirmations = (subject?.SubjectConfirmation as Node[] | undefined) ?? [];
  return confirmations
    .filter((sc) => sc.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .flatMap((sc) => ((sc.SubjectConfirmationData as Node[] | undefined) ?? []).map((d) => d.$ ?? {}));
}

/** The assertion's ID and Issuer, and the latest moment it could still be accepted (its replay window). */
function assertionFacts(
  profile: Profile,
  confirmations: Record<string, string>[],
): SamlIdentity['assertion'] {
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!id) throw new Error('the assertion has no ID');
  const conditions = (assertion.Conditions as Node[] | undefined)?.[0]?.$?.NotOnOrAfter;
  const ends = [conditions, ...confirmations.map((d) => d.NotOnOrAfter)]
    .map((v) => (v ? Date.parse(v) : NaN))
    .filter((v) => Number.isFinite(v));
  const now = Date.now();
  // Kept past the latest end (plus the skew we accept), at least the assertion age we accept, at most a day.
  const until = Math.min(Math.max(...ends, now + REQUEST_TTL_MS) + CLOCK_SKEW_MS, now + 24 * 3_600_000);
  return { id, issuer: profile.issuer ?? '', notOnOrAfter: new Date(until) };
}

/** The SP metadata an IdP administrator imports. */
export function samlSpMetadata(sp: SamlSp): string {
  return samlFor({ entryPoint: sp.acsUrl, idpCert: 'unused' }, sp, {
    id: null,
    issuedAt: 0,
  }).generateServiceProviderMetadata(null, null);
}
