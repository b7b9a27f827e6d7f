import { expect } from '@open-wc/testing';
import { ApiError, INVALID_TOKEN_MESSAGE } from './errors';
import { decodeToken } from './token';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.sig`;

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

describe('decodeToken', () => {
  it('decodes the payload of a JWT', () => {
    expect(decodeToken<{ sub: string; tenantId: string }>(jwt({ sub: 'u1', tenantId: 't1' }))).to.deep.equal({
      sub: 'u1',
      tenantId: 't1',
    });
  });

  it('[API-015] an invalid token gives exactly "Invalid token specified"', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.%%%.c', `${b64url({})}.${btoa('not json')}.s`, null, undefined]) {
      const err = thrown(() => decodeToken(bad));
      expect(err, String(bad)).to.be.instanceOf(ApiError);
      expect(err.message, String(bad)).to.equal('Invalid token specified');
    }
    expect(INVALID_TOKEN_MESSAGE).to.equal('Invalid token specified');
  });
});
