// Contract script of the captcha policy: the public read, a challenge, the account's read and save (saved
// off again, so the later families sign in without a captcha), and a bad save refused alike.
import { captchaContracts as cc } from '../../../shared/api/contracts/captcha';
import type { Script } from '../contract';

export const captchaScript: Script = {
  family: 'captcha',
  steps: [
    { name: 'public policy', call: cc.getCaptchaPolicy },
    { name: 'a challenge', call: cc.getCaptchaChallenge },
    { name: "the account's policy", call: cc.getTenantCaptchaPolicy },
    { name: 'save', call: cc.saveCaptchaPolicy, body: { enabled: false } },
    {
      name: 'a save without `enabled` is refused',
      call: cc.saveCaptchaPolicy,
      body: { enabled: 'yes' },
      expect: 400,
    },
  ],
};
