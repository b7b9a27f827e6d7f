// A software WebAuthn authenticator for server tests: one P-256 credential (real keys, real CBOR, real
// signatures), its signature counter and the flags it sets (user verification, backup).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';

/** A software authenticator: one P-256 credential, its counter, and the flags it sets. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  counter = 0;
  userHandle: string | null = null;
  constructor(readonly opts: { origin?: string; rpId?: string; uv?: boolean; backedUp?: boolean } = {}) {
    this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }
  get id() {
    return this.credentialId.toString('base64url');
  }
  private flags(extra: number) {
    const uv = this.opts.uv === false ? 0 : 0x04;
    const backup = this.opts.backedUp ? 0x08 | 0x10 : 0;
    return 0x01 | uv | backup | extra;
  }
  private clientData(type: string, challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.opts.origin ?? ORIGIN, crossOrigin: false }),
    );
  }
  private rpIdHash() {
    return createHash('sha256')
      .update(this.opts.rpId ?? RP_ID)
      .digest();
  }
  private counterBytes() {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }
  /** The answer to creation options (attestation 'none'). */
  create(options: { challenge: string; user: { id: string } }) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([this.flags(0x40)]),
      this.counterBytes(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.userHandle = options.user.id;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
  /** The answer to request options; the counter grows by one unless told otherwise. */
  get(options: { challenge: string }, { counter }: { counter?: number } = {}) {
    this.counter = counter ?? this.counter + 1;
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([this.flags(0)]), this.counterBytes()]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      this.key.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
