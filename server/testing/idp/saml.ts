// A SAML identity provider assembled for tests and e2e journeys: a certificate made with `selfsigned`,
// responses signed with samlify's XML-DSig (exclusive c14n, RSA-SHA256), served on 127.0.0.1 and a random
// port. GET /sso takes the redirect-binding AuthnRequest and answers an auto-posting form to the ACS; GET /metadata
// is its metadata XML (entity id, redirect-binding SSO service, signing certificate); GET /idp-initiated?acs=…
// answers an auto-posting form with an unsolicited (IdP-initiated) response for the user set with `signInAs`.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import samlify from 'samlify';
import selfsigned from 'selfsigned';

export interface SamlUser {
  nameId: string;
  email?: string;
  name?: string;
  /** Sent as the multi-valued attribute `groups` (or the IdP's `groupsAttribute`). */
  groups?: string[];
}

/** Ways a test spoils a response (each must make the service provider refuse it). */
export interface ResponseTweaks {
  audience?: string;
  recipient?: string;
  inResponseTo?: string;
  /** Assertion validity shifted by this many ms (negative: expired long ago). */
  shiftMs?: number;
  /** Sign with another key (a signature the SP's certificate does not verify). */
  signWith?: { key: string; cert: string };
  /** Change the NameID after signing (tampered content). */
  tamperNameId?: string;
  unsigned?: boolean;
  /** Another Issuer (response and assertion) than this IdP's entity id. */
  issuer?: string;
}

export interface AuthnRequestInfo {
  /** The AuthnRequest's ID ('' for an unsolicited response: no InResponseTo is sent). */
  id: string;
  acsUrl: string;
  spEntityId: string;
  relayState: string;
}

export interface LocalSamlIdp {
  entityId: string;
  entryPoint: string;
  cert: string;
  signInAs(user: SamlUser | null): void;
  /** Reads the AuthnRequest of a redirect-binding URL the SP sent the browser to. */
  readRequest(url: string): AuthnRequestInfo;
  /** The base64 SAMLResponse the IdP would post for that request. */
  respond(request: AuthnRequestInfo, user: SamlUser, tweaks?: ResponseTweaks): string;
  /** An IdP-initiated (unsolicited) SAMLResponse for the service provider `sp`: no InResponseTo. */
  respondUnsolicited(
    sp: { acsUrl: string; spEntityId: string },
    user: SamlUser,
    tweaks?: ResponseTweaks,
  ): string;
  /** The IdP's metadata XML (also served at GET /metadata, the entity id). */
  metadataXml: string;
  /** The page that posts an unsolicited response to `acsUrl` (audience `spEntityId`) in a browser. */
  idpInitiatedUrl(sp: { acsUrl: string; spEntityId: string }, relayState?: string): string;
  close(): Promise<void>;
}

export async function makeCertificate(): Promise<{ key: string; cert: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'local-saml-idp' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { key: pems.private, cert: pems.cert };
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attr = (xml: string, name: string) => xml.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? '';

export async function startSamlIdp(opts: { groupsAttribute?: string } = {}): Promise<LocalSamlIdp> {
  const groupsAttribute = opts.groupsAttribute ?? 'groups';
  const { key, cert } = await makeCertificate();
  let next: SamlUser | null = null;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;

  const readRequest = (url: string): AuthnRequestInfo => {
    const params = new URL(url).searchParams;
    const xml = inflateRawSync(Buffer.from(params.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const issuer = xml.match(/<(?:\w+:)?Issuer[^>]*>([^<]+)</)?.[1] ?? '';
    return {
      id: attr(xml, 'ID'),
      acsUrl: attr(xml, 'AssertionConsumerServiceURL'),
      spEntityId: issuer,
      relayState: params.get('RelayState') ?? '',
    };
  };

  const respond = (request: AuthnRequestInfo, user: SamlUser, tweaks: ResponseTweaks = {}): string => {
    const now = Date.now() + (tweaks.shiftMs ?? 0);
    const iso = (ms: number) => new Date(ms).toISOString();
    const inResponseTo = xmlEscape(tweaks.inResponseTo ?? request.id);
    const inResponseToAttr = inResponseTo ? ` InResponseTo="${inResponseTo}"` : '';
    const issuer = xmlEscape(tweaks.issuer ?? entityId);
    const recipient = xmlEscape(tweaks.recipient ?? request.acsUrl);
    const audience = xmlEscape(tweaks.audience ?? request.spEntityId);
    const id = () => `_${randomBytes(16).toString('hex')}`;
    const attributes = [user.email ? ['email', user.email] : null, user.name ? ['name', user.name] : null]
      .filter((a): a is string[] => a !== null)
      .map(
        ([n, v]) =>
          `<saml:Attribute Name="${n}"><saml:AttributeValue>${xmlEscape(v!)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const groupValues = (user.groups ?? [])
      .map((g) => `<saml:AttributeValue>${xmlEscape(g)}</saml:AttributeValue>`)
      .join('');
    const groupsXml = groupValues
      ? `<saml:Attribute Name="${xmlEscape(groupsAttribute)}">${groupValues}</saml:Attribute>`
      : '';
    const statement = attributes + groupsXml;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${recipient}"${inResponseToAttr}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${id()}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(user.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(now + 300_000)}" Recipient="${recipient}"${inResponseToAttr}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(now - 30_000)}" NotOnOrAfter="${iso(now + 300_000)}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (statement ? `<saml:AttributeStatement>${statement}</saml:AttributeStatement>` : '') +
      `</saml:Assertion></samlp:Response>`;
    const signer = tweaks.signWith ?? { key, cert };
    let signed = tweaks.unsigned
      ? xml
      : samlify.SamlLib.constructSAMLSignature({
          rawSamlMessage: xml,
          referenceTagXPath: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']",
          privateKey: signer.key,
          // samlify wants the certificate's base64 body (no PEM armour).
          signingCert: signer.cert.replace(/-----[^-]+-----|\s+/g, ''),
          signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
          isBase64Output: false,
          signatureConfig: {
            prefix: 'ds',
            location: {
              reference:
                "/*[local-name(.)='Response']/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
              action: 'after',
            },
          },
        });
    if (tweaks.tamperNameId)
      signed = signed.replace(`>${xmlEscape(user.nameId)}<`, `>${xmlEscape(tweaks.tamperNameId)}<`);
    return Buffer.from(signed, 'utf8').toString('base64');
  };

  const respondUnsolicited = (
    sp: { acsUrl: string; spEntityId: string },
    user: SamlUser,
    tweaks: ResponseTweaks = {},
  ) => respond({ id: '', acsUrl: sp.acsUrl, spEntityId: sp.spEntityId, relayState: '' }, user, tweaks);

  const certBody = cert.replace(/-----[^-]+-----|\s+/g, '');
  const metadataXml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${xmlEscape(entityId)}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${xmlEscape(`${origin}/sso`)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`;

  /** The auto-posting page a browser gets from the IdP: the response (and RelayState, if any) to the ACS. */
  const postPage = (acsUrl: string, response: string, relayState: string) =>
    `<!doctype html><html lang="en"><head><title>Local SAML IdP</title></head><body>
<form method="post" action="${xmlEscape(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${response}">
${relayState ? `<input type="hidden" name="RelayState" value="${xmlEscape(relayState)}">` : ''}
<noscript><button type="submit">Continue</button></noscript>
</form><script>document.forms[0].submit()</script></body></html>`;

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      return res.end(metadataXml);
    }
    if (url.pathname === '/idp-initiated') {
      const acsUrl = url.searchParams.get('acs') ?? '';
      if (!next || !acsUrl) {
        res.statusCode = 403;
        return res.end('no user signs in');
      }
      const sp = { acsUrl, spEntityId: url.searchParams.get('audience') ?? '' };
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        postPage(acsUrl, respondUnsolicited(sp, next), url.searchParams.get('RelayState') ?? ''),
      );
    }
    if (url.pathname !== '/sso') {
      res.statusCode = 404;
      return res.end();
    }
    const request = readRequest(url.href);
    if (!next) {
      res.statusCode = 403;
      return res.end('no user signs in');
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(postPage(request.acsUrl, respond(request, next), request.relayState));
  });

  return {
    entityId,
    entryPoint: `${origin}/sso`,
    cert,
    signInAs: (user) => {
      next = user;
    },
    readRequest,
    respond,
    respondUnsolicited,
    metadataXml,
    idpInitiatedUrl: (sp, relayState) => {
      const url = new URL(`${origin}/idp-initiated`);
      url.searchParams.set('acs', sp.acsUrl);
      url.searchParams.set('audience', sp.spEntityId);
      if (relayState) url.searchParams.set('RelayState', relayState);
      return url.href;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
