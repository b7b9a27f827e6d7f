import { expect } from '@open-wc/testing';
import { $, axeViolations, mount, resetPage, shadowText } from '../../shared/element/testing';
import './index';

afterEach(resetPage);

const ready = (root: ShadowRoot) => root.querySelector('[role="meter"]') !== null;

describe('<fe-security-center>', () => {
  it('shows the score (79 in preview) and the recommendations, most severe first', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect($(el, '[role="meter"]')!.getAttribute('aria-valuenow')).to.equal('79');
    expect(shadowText(el)).to.contain('79 out of 100');
    const severities = [...el.shadowRoot!.querySelectorAll('li[data-code] span:first-child')].map(
      (s) => s.textContent,
    );
    expect(severities.length).to.be.greaterThan(0);
    const rank = { Severe: 0, Warning: 1, Info: 2 } as Record<string, number>;
    const ranks = severities.map((s) => rank[s ?? ''] ?? 9);
    expect(ranks).to.deep.equal([...ranks].sort((a, b) => a - b));
    expect(ranks).not.to.include(9);
  });

  it('passes an axe-core accessibility check', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
