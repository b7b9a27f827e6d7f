import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { captureConsole } from '../testing/console';
import { isAllowedOrigin, safeRedirectTarget } from './redirect';

const current = 'https://app.example.com';
const allowed = ['https://partner.example.org', 'http://localhost:3000/'];

function silenced<T>(fn: (warnings: unknown[][]) => T): T {
  const warn = captureConsole('warn');
  try {
    return fn(warn.calls);
  } finally {
    warn.restore();
  }
}

describe('redirect rules', () => {
  it('isAllowedOrigin accepts the current origin, relative URLs and allowed origins only', () => {
    expect(isAllowedOrigin('https://app.example.com/account', current, [])).to.equal(true);
    expect(isAllowedOrigin('/account?x=1', current, [])).to.equal(true);
    expect(isAllowedOrigin('https://partner.example.org/x', current, allowed)).to.equal(true);
    expect(isAllowedOrigin('http://localhost:3000/cb', current, allowed)).to.equal(true);
    expect(isAllowedOrigin('https://partner.example.org/x', current, [])).to.equal(false);
    expect(isAllowedOrigin('http://app.example.com/', current, [])).to.equal(false);
    expect(isAllowedOrigin('https://app.example.com.evil.io/', current, [])).to.equal(false);
    expect(isAllowedOrigin('//evil.io/x', current, [])).to.equal(false);
    expect(isAllowedOrigin('https://localhost:3000/', current, allowed)).to.equal(false);
  });

  it('[API-007] a redirect target must be on the current or an allowed origin; never javascript: or data:', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(isAllowedOrigin(url, current, allowed), url).to.equal(false);
    }
  });

  it('safeRedirectTarget uses the redirect URL on an allowed origin and the fallback otherwise, with a warning', () => {
    const opts = {
      enforceSameSite: true,
      currentOrigin: current,
      allowedOrigins: allowed,
      fallback: '/home',
    };
    expect(safeRedirectTarget('/account/profile', opts)).to.equal('https://app.example.com/account/profile');
    expect(safeRedirectTarget('https://partner.example.org/cb?a=1', opts)).to.equal(
      'https://partner.example.org/cb?a=1',
    );
    expect(safeRedirectTarget(null, opts)).to.equal('/home');
    expect(safeRedirectTarget('', opts)).to.equal('/home');
    silenced((warnings) => {
      expect(safeRedirectTarget('https://evil.io/x', opts)).to.equal('/home');
      expect(warnings).to.have.length(1);
    });
  });

  it('safeRedirectTarget without enforcement accepts other origins but still rejects javascript: and data:', () => {
    const opts = { enforceSameSite: false, currentOrigin: current, allowedOrigins: [], fallback: '/home' };
    expect(safeRedirectTarget('https://elsewhere.net/p', opts)).to.equal('https://elsewhere.net/p');
    silenced((warnings) => {
      expect(safeRedirectTarget('javascript:alert(document.cookie)', opts)).to.equal('/home');
      expect(safeRedirectTarget('data:text/html;base64,PHNjcmlwdD4=', opts)).to.equal('/home');
      expect(warnings).to.have.length(2);
    });
  });

  it('property: under enforcement any URL on a foreign origin falls back', () => {
    silenced(() =>
      fc.assert(
        fc.property(fc.webUrl(), (url) => {
          const origin = new URL(url).origin;
          fc.pre(origin !== current && !allowed.some((a) => new URL(a).origin === origin));
          const opts = {
            enforceSameSite: true,
            currentOrigin: current,
            allowedOrigins: allowed,
            fallback: '/f',
          };
          expect(safeRedirectTarget(url, opts)).to.equal('/f');
        }),
      ),
    );
  });
});
