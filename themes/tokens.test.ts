import { expect } from '@open-wc/testing';
import { size, space, tokenVars } from './tokens';

/** The px a token resolves to on an element whose spacing unit is `unit`. */
function resolved(token: string, unit: string): string {
  const host = document.createElement('div');
  const probe = document.createElement('span');
  probe.style.display = 'block';
  host.append(probe);
  document.body.append(host);
  try {
    host.style.setProperty('--fe-spacing', unit);
    for (const [name, value] of Object.entries(tokenVars)) host.style.setProperty(name, value);
    probe.style.paddingTop = token;
    return getComputedStyle(probe).paddingTop;
  } finally {
    host.remove();
  }
}

describe('size tokens', () => {
  it('resolve to the default scale at the default spacing unit', () => {
    const expected = { '2xs': '2px', xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '16px', '2xl': '24px' };
    for (const [step, px] of Object.entries(expected))
      expect(resolved(space[step as keyof typeof space], '8px'), step).to.equal(px);
    expect(resolved(size.controlPaddingBlock, '8px')).to.equal('10px');
  });

  it('scale with a host that changes the spacing unit', () => {
    expect(resolved(space.xl, '4px')).to.equal('8px');
    expect(resolved(space['2xl'], '10px')).to.equal('30px');
  });
});
