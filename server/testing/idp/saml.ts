// A SAML identity provider assembled for tests and e2e journeys: a certificate made with `selfsigned`,
// responses signed with samlify's XML-DSig (exclusive c14n, RSA-SHA256), served on 127.0.0.1 and a random
// port. GET /sso takes the redirect-binding AuthnRequest and answers an auto-posting form to the ACS.
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
}

export interface AuthnRequestInfo {
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

export async function startSamlIdp(): Promise<LocalSamlIdp> {
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
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${recipient}" InResponseTo="${inResponseTo}">` +
      `<saml:Issuer>${xmlEscape(entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${id()}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${xmlEscape(entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(user.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(now + 300_000)}" Recipient="${recipient}" InResponseTo="${inResponseTo}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(now - 30_000)}" NotOnOrAfter="${iso(now + 300_000)}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
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

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== '/sso') {
      res.statusCode = 404;
      return res.end();
    }
    const request = readRequest(url.href);
    if (!next) {
      res.statusCode = 403;
      return res.end('no user signs in');
    }
    const response = respond(request, next);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Local SAML IdP</title></head><body>
<form method="post" action="${xmlEscape(request.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${response}">
<input type="hidden" name="RelayState" value="${xmlEscape(request.relayState)}">
<noscript><button type="submit">Continue</button></noscript>
</form><script>document.forms[0].submit()</script></body></html>`);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
