import { expect } from '@open-wc/testing';
import {
  CARD_DECLINED,
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  LOCAL_TEST_CARDS,
} from '../../api/contracts/billingMessages';
import { billingApi } from '../../api/billing';
import { errorMessage } from '../../api/errors';
import { previewFetch } from '../../api/preview';
import { hostOptionsInputAtom } from '../../options/options.atoms';
import { store } from '../../store';
import { invoiceFileName } from '../invoiceFile';
import { brandOf, cardExpired, checkLocalCard, luhn, luhnValid } from './cardChecks';

describe('the card checks (one module for the server, the preview and the card entry)', () => {
  it('luhn: 12 to 19 digits only, Luhn sum ending in 0; luhnValid ignores typed spaces and dashes', () => {
    expect(luhn(LOCAL_TEST_CARDS.visa)).to.equal(true);
    expect(luhn('4242424242424241')).to.equal(false);
    expect(luhn('4242 4242 4242 4242')).to.equal(false);
    expect(luhn('')).to.equal(false);
    expect(luhn('00000000000')).to.equal(false); // 11 digits
    expect(luhnValid('4242 4242-4242 4242')).to.equal(true);
  });

  it('brandOf: visa 4; mastercard 51–55 and 2221–2720; amex 34/37; discover 6011, 65, 644–649; else unknown', () => {
    const cases: [string, string][] = [
      ['4242424242424242', 'visa'],
      ['5105105105105100', 'mastercard'],
      ['5555555555554444', 'mastercard'],
      ['2221000000000009', 'mastercard'],
      ['2720990000000000', 'mastercard'],
      ['2200000000000000', 'unknown'],
      ['2220990000000000', 'unknown'],
      ['2721000000000000', 'unknown'],
      ['2799000000000000', 'unknown'],
      ['378282246310005', 'amex'],
      ['340000000000009', 'amex'],
      ['6011111111111117', 'discover'],
      ['6500000000000000', 'discover'],
      ['6440000000000000', 'discover'],
      ['6490000000000000', 'discover'],
      ['6430000000000000', 'unknown'],
      ['5000000000000000', 'unknown'],
    ];
    for (const [number, brand] of cases) expect(brandOf(number), number).to.equal(brand);
  });

  it('an expiry is good through the end of its month (UTC)', () => {
    expect(cardExpired(11, 2026, new Date(Date.UTC(2026, 10, 30, 23, 59)))).to.equal(false);
    expect(cardExpired(11, 2026, new Date(Date.UTC(2026, 11, 1)))).to.equal(true);
  });

  it("checkLocalCard answers the first problem in the server's order (number, expiry, declined), or null", () => {
    const now = new Date(Date.UTC(2026, 5, 15));
    const good = { number: LOCAL_TEST_CARDS.visa, expMonth: 12, expYear: 2030 };
    expect(checkLocalCard(good, now)).to.equal(null);
    expect(checkLocalCard({ ...good, number: LOCAL_TEST_CARDS.chargeDeclined }, now)).to.equal(null);
    expect(checkLocalCard({ ...good, number: '4242424242424241', expYear: 2020 }, now)).to.equal(
      CARD_NUMBER_INVALID,
    );
    // A declined test card that has also expired: expired first, as the server answers.
    expect(checkLocalCard({ ...good, number: LOCAL_TEST_CARDS.declined, expYear: 2020 }, now)).to.equal(
      CARD_EXPIRED,
    );
    expect(checkLocalCard({ ...good, number: LOCAL_TEST_CARDS.declined }, now)).to.equal(CARD_DECLINED);
  });
});

describe("the preview's local card form decides with the same checks", () => {
  beforeEach(() => {
    previewFetch.reset();
    store.set(hostOptionsInputAtom, { preview: true });
  });

  const confirm = async (cardNumber: string, expYear: number) => {
    const { setupIntentSecret } = await billingApi.createSetupIntent();
    const card = { setupIntentSecret, cardNumber, expMonth: 12, expYear, cvc: '123', name: 'Ada', email: '' };
    return billingApi.confirmLocalSetupIntent(card).then(
      (saved) => saved,
      (error: unknown) => errorMessage(error),
    );
  };

  it("the server's order: an expired declining card is 'expired'; a Discover card is saved as discover", async () => {
    expect(await confirm(LOCAL_TEST_CARDS.declined, 2020)).to.equal(CARD_EXPIRED);
    expect(await confirm(LOCAL_TEST_CARDS.declined, new Date().getFullYear() + 1)).to.equal(CARD_DECLINED);
    const saved = await confirm('6011111111111117', new Date().getFullYear() + 1);
    expect(saved).to.include({ brand: 'discover', last4: '1117' });
  });
});

describe('the invoice file name (the server and the portal)', () => {
  it('invoice-<receipt>.pdf by default; anything unsafe becomes _', () => {
    expect(invoiceFileName(undefined, '1001-0001')).to.equal('invoice-1001-0001.pdf');
    expect(invoiceFileName(undefined, '10 01/2')).to.equal('invoice-10_01_2.pdf');
    expect(invoiceFileName('my "invoice"', 'x')).to.equal('my__invoice_.pdf');
    expect(invoiceFileName('march.PDF', 'x')).to.equal('march.PDF');
    expect(invoiceFileName('..', '7')).to.equal('invoice-7.pdf');
  });
});
