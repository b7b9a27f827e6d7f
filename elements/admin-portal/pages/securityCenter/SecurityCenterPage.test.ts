import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { $, axeViolations } from '../../../../shared/element/testing';
import {
  callsOf,
  mountPortal,
  openPage,
  resetPortal,
  root,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';

before(startPreviewPortal);
afterEach(resetPortal);

const READER = ['fe.secure.read.securityPolicy', 'fe.secure.read.users'];
const navKeys = (el: HTMLElement) =>
  [...root(el).querySelectorAll('nav [data-entry]')].map((e) => e.getAttribute('data-entry'));

describe('portal security center page', () => {
  it('[SCREEN-069] readers of the security policies open the same security center in the portal', async () => {
    signIn(READER);
    const el = await mountPortal();
    await until(() => navKeys(el).includes('securityCenter'), 'no security center entry');
    await openPage(el, 'securityCenter');
    await until(() => $(el, '[data-security-center] [role="meter"]'), 'the view did not load');
    expect($(el, '[role="meter"]')!.getAttribute('aria-valuenow')).to.equal('79');
    expect($(el, '#fe-page-title')!.textContent).to.equal('Security center');
    expect(callsOf(paths.securityCenter.getRecommendations).length).to.be.greaterThan(0);
    await until(() => root(el).querySelectorAll('[data-table]').length === 3, 'no tables');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-069] a recommendation without a one-click fix opens its portal page in place', async () => {
    signIn([...READER, 'fe.secure.write.securityPolicy']);
    const el = await mountPortal();
    await until(() => navKeys(el).includes('securityCenter'), 'no security center entry');
    await openPage(el, 'securityCenter');
    await until(() => $(el, 'li[data-code="FORCE_MFA"] button'), 'no FORCE_MFA recommendation');
    $<HTMLButtonElement>(el, 'li[data-code="FORCE_MFA"] button')!.click();
    await until(() => $(el, 'section[data-page="security"]'), 'the security page did not open');
    expect($(el, 'nav [data-entry="security"]')!.getAttribute('aria-current')).to.equal('page');
  });

  it('[ENUM-050] a reader without the write permissions is offered no reset and no adjust, only the links', async () => {
    signIn(READER);
    const el = await mountPortal();
    await until(() => navKeys(el).includes('securityCenter'), 'no security center entry');
    await openPage(el, 'securityCenter');
    await until(() => $(el, '[data-recommendation-action="link"]'), 'no links');
    expect($(el, '[data-recommendation-action="reset"]')).to.equal(null);
    expect($(el, '[data-recommendation-action="adjust"]')).to.equal(null);
    expect($(el, 'li[data-code="BREACHED_PASSWORDS_EXIST"]')).not.to.equal(null);
  });

  it('[ENUM-050] with fe.secure.write.users and fe.secure.write.securityPolicy the reset and the adjusts are offered', async () => {
    signIn([...READER, 'fe.secure.write.users', 'fe.secure.write.securityPolicy']);
    const el = await mountPortal();
    await until(() => navKeys(el).includes('securityCenter'), 'no security center entry');
    await openPage(el, 'securityCenter');
    await until(() => $(el, '[data-recommendation-action="reset"]'), 'no reset');
    expect($(el, '[data-recommendation-action="adjust"]')).not.to.equal(null);
  });

  it('[SCREEN-069] the entry is hidden from users without the read permission', async () => {
    signIn(['fe.secure.read.users']);
    const el = await mountPortal();
    await until(() => navKeys(el).includes('users'), 'no navigation');
    expect(navKeys(el)).not.to.include('securityCenter');
  });
});
