import { expect } from '@open-wc/testing';
import { createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { billingApi, type PaymentMethod } from '../../api/billing';
import { LOCAL_TEST_CARDS } from '../../api/contracts/billing';
import { previewFetch } from '../../api/preview';
import { ElementRoot } from '../../element/ElementRoot';
import { axeViolations, setValue, waitUntil } from '../../element/testing';
import { hostOptionsInputAtom } from '../../options/options.atoms';
import { store } from '../../store';
import { CardEntry, cardReconcileRetry, type CardEntryHandle, type CardEntryProps } from './CardEntry';
import { cardSetupAtom } from './cardSetup';
import { expiryInFuture, luhnValid } from './cardChecks';
import { lightDomMountPoint } from './stripeLoader';
import { installStripe, removeStripe } from './stripeFake';

// ---------------------------------------------------------------------------------------------------------

const roots: Root[] = [];
const hosts: HTMLElement[] = [];

/** Renders the entry in a shadow root (as the checkout and the portal do), optionally nested one host deeper. */
function render(props: CardEntryProps, nested = false) {
  const ref = createRef<CardEntryHandle>();
  const outer = document.createElement('div');
  document.body.append(outer);
  hosts.push(outer);
  let host = outer;
  if (nested) {
    host = document.createElement('div');
    outer.attachShadow({ mode: 'open' }).append(host);
  }
  const shadow = host.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot container={shadow} tag="fe-card-entry-test">
      <CardEntry ref={ref} {...props} />
    </ElementRoot>,
  );
  return { ref, shadow, host: outer };
}

const input = (shadow: ShadowRoot, label: string) => {
  const found = [...shadow.querySelectorAll('label')].find((l) => l.textContent === label);
  return found ? (shadow.getElementById(found.htmlFor) as HTMLInputElement) : null;
};

function typeCard(shadow: ShadowRoot, card: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(card)) {
    const field = input(shadow, label)!;
    setValue(field, value!);
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
}

const local: CardEntryProps = { mode: 'local', publishableKey: '' };
const nextYear = String(new Date().getFullYear() + 1);

/** Records the billing calls the entry makes (the real calls run, against the preview transport). */
function recordCalls() {
  const made: string[] = [];
  const original = { ...billingApi };
  for (const name of ['createSetupIntent', 'confirmLocalSetupIntent', 'paymentMethods'] as const) {
    const call = original[name] as (...args: unknown[]) => Promise<unknown>;
    (billingApi as Record<string, unknown>)[name] = (...args: unknown[]) => {
      made.push(`${name}(${JSON.stringify(args[0] ?? null)})`);
      return call(...args);
    };
  }
  return { made, restore: () => Object.assign(billingApi, original) };
}

beforeEach(() => {
  previewFetch.reset();
  store.set(hostOptionsInputAtom, { preview: true });
});

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  for (const host of hosts.splice(0)) host.remove();
  removeStripe();
  store.set(hostOptionsInputAtom, {});
});

describe('card checks (hints only: the server decides)', () => {
  it('Luhn and expiry', () => {
    expect(luhnValid(LOCAL_TEST_CARDS.visa)).to.equal(true);
    expect(luhnValid('4242 4242 4242 4242')).to.equal(true);
    expect(luhnValid('4242424242424241')).to.equal(false);
    expect(luhnValid('42')).to.equal(false);
    const now = new Date(2026, 10, 25);
    expect(expiryInFuture('11', '2026', now)).to.equal(true);
    expect(expiryInFuture('10', '26', now)).to.equal(false);
    expect(expiryInFuture('13', '2030', now)).to.equal(false);
  });
});

describe('<CardEntry mode="local">', () => {
  it('labels each input with its autocomplete and numeric input mode, and passes axe', async () => {
    const { shadow, host } = render(local);
    await waitUntil(() => input(shadow, 'Card number'));
    const expected: Record<string, [string, string | null]> = {
      'Card number': ['cc-number', 'numeric'],
      'Expiry month': ['cc-exp-month', 'numeric'],
      'Expiry year': ['cc-exp-year', 'numeric'],
      CVC: ['cc-csc', 'numeric'],
      'Name on card': ['cc-name', null],
    };
    for (const [label, [autocomplete, inputMode]] of Object.entries(expected)) {
      const field = input(shadow, label)!;
      expect(field.getAttribute('autocomplete'), label).to.equal(autocomplete);
      expect(field.getAttribute('inputmode'), label).to.equal(inputMode);
    }
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('hints a number that fails the Luhn check and an expiry in the past, and still lets the server decide', async () => {
    const { shadow, ref } = render(local);
    await waitUntil(() => input(shadow, 'Card number'));
    typeCard(shadow, {
      'Card number': '4242424242424241',
      'Expiry month': '01',
      'Expiry year': '2020',
      CVC: '123',
    });
    await waitUntil(() => shadow.textContent!.includes('This card number does not look right'));
    expect(shadow.textContent).to.contain('This expiry date is in the past');
    expect(input(shadow, 'Card number')!.getAttribute('aria-invalid')).to.equal('true');
    // The server's answer is the error that counts.
    const error = await ref.current!.save().then(
      () => null,
      (e: Error & { display?: string }) => e.display ?? e.message,
    );
    expect(error).to.match(/Invalid card number/);
    expect(input(shadow, 'Card number')!.value).to.equal('4242424242424241');
  });

  it('[BILLING-061] [BILLING-020] save() creates a setup intent, keeps its secret in the card-setup slice, then confirms the typed card', async () => {
    const calls = recordCalls();
    const secrets: (string | null)[] = [];
    const stop = store.sub(cardSetupAtom, () => secrets.push(store.get(cardSetupAtom).cardSetupIntentSecret));
    try {
      const replaces = previewFetch.state.paymentMethods[0]!.id;
      const { shadow, ref } = render({ ...local, replaces });
      await waitUntil(() => input(shadow, 'Card number'));
      typeCard(shadow, {
        'Card number': '4242 4242 4242 4242',
        'Expiry month': '12',
        'Expiry year': nextYear,
        CVC: '123',
        'Name on card': 'Ada Lovelace',
      });
      const saved: PaymentMethod = await ref.current!.save();
      expect(saved).to.include({ type: 'card', last4: '4242' });
      expect(previewFetch.state.paymentMethods.map((p) => p.id)).to.deep.equal([saved.id]);
      const secret = secrets.find((s) => s !== null)!;
      expect(secret).to.be.a('string').and.not.equal('');
      expect(calls.made[0]).to.equal(`createSetupIntent(${JSON.stringify(replaces)})`);
      expect(calls.made[1])
        .to.contain('confirmLocalSetupIntent(')
        .and.contain(`"setupIntentSecret":"${secret}"`);
      expect(calls.made[1])
        .to.contain('"cardNumber":"4242424242424242"')
        .and.contain('"name":"Ada Lovelace"');
      expect(calls.made[1]).to.contain(`"expYear":${nextYear}`).and.contain('"expMonth":12');
      // The secret is used once.
      expect(store.get(cardSetupAtom).cardSetupIntentSecret).to.equal(null);
    } finally {
      stop();
      calls.restore();
    }
  });

  it('a declined card: save() rejects with the server message, nothing is saved, and the typed values stay', async () => {
    const before = structuredClone(previewFetch.state.paymentMethods);
    const { shadow, ref } = render(local);
    await waitUntil(() => input(shadow, 'Card number'));
    typeCard(shadow, {
      'Card number': LOCAL_TEST_CARDS.declined,
      'Expiry month': '12',
      'Expiry year': nextYear,
      CVC: '123',
      'Name on card': 'Ada',
    });
    const error = await ref.current!.save().then(
      () => null,
      (e: Error & { display?: string }) => e.display ?? e.message,
    );
    expect(error).to.equal('Your card was declined.');
    expect(previewFetch.state.paymentMethods).to.deep.equal(before);
    expect(input(shadow, 'Card number')!.value).to.equal(LOCAL_TEST_CARDS.declined);
    expect(input(shadow, 'CVC')!.value).to.equal('123');
    expect(input(shadow, 'Name on card')!.value).to.equal('Ada');
    expect(store.get(cardSetupAtom).error).to.equal('Your card was declined.');
  });

  it('does not load Stripe.js', async () => {
    const calls = installStripe();
    const { shadow } = render(local);
    await waitUntil(() => input(shadow, 'Card number'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.keys).to.deep.equal([]);
    expect(document.querySelector('script[src*="stripe"]')).to.equal(null);
  });
});

describe('<CardEntry mode="stripe"> (Stripe.js stubbed)', () => {
  it("mounts Stripe's Card Element in the light DOM, slotted into the shadow root, with only the publishable key", async () => {
    const calls = installStripe();
    const { shadow, host } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
    await waitUntil(() => calls.mounts.length === 1, 'the card element was not mounted');
    const target = calls.mounts[0]!;
    expect(calls.keys).to.deep.equal(['pk_test_123']);
    expect(target.hasAttribute('data-stripe-card')).to.equal(true);
    expect(target.getRootNode()).to.equal(document);
    expect(target.parentElement).to.equal(host);
    // Rendered where the entry puts it: its slot in the shadow root.
    expect(target.assignedSlot?.getRootNode()).to.equal(shadow);
    expect(target.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(input(shadow, 'Name on card')).to.not.equal(null);
    expect(document.querySelector('script[src*="js.stripe.com"]')).to.equal(null);
  });

  it("inside a shadow root inside another (the portal's dialog), the frame reaches the entry through a forwarding slot", async () => {
    const calls = installStripe();
    const { shadow, host } = render({ mode: 'stripe', publishableKey: 'pk_test_123' }, true);
    await waitUntil(() => calls.mounts.length === 1);
    const target = calls.mounts[0]!;
    expect(target.parentElement).to.equal(host);
    const forwarding = target.assignedSlot!;
    expect(forwarding.assignedSlot?.getRootNode()).to.equal(shadow);
  });

  it('[BILLING-061] save() confirms the setup intent with the Card Element and the name, then returns the reconciled card', async () => {
    const calls = installStripe();
    const recorded = recordCalls();
    try {
      const { shadow, ref } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
      await waitUntil(() => calls.mounts.length === 1);
      typeCard(shadow, { 'Name on card': 'Grace Hopper' });
      const saved = await ref.current!.save();
      expect(calls.confirms).to.have.length(1);
      const [confirm] = calls.confirms;
      expect(confirm!.secret).to.match(/./);
      expect(confirm!.data.payment_method.billing_details).to.deep.equal({ name: 'Grace Hopper' });
      expect(confirm!.data.payment_method.card).to.have.property('mount');
      expect(recorded.made.map((m) => m.split('(')[0])).to.deep.equal([
        'createSetupIntent',
        'paymentMethods',
      ]);
      expect(saved.id).to.equal(previewFetch.state.paymentMethods[0]!.id);
    } finally {
      recorded.restore();
    }
  });

  describe('the card Stripe confirmed, and only that one', () => {
    const retry = { ...cardReconcileRetry };
    beforeEach(() => Object.assign(cardReconcileRetry, { attempts: 3, delayMs: 20 }));
    afterEach(() => Object.assign(cardReconcileRetry, retry));

    /** Makes the preview list the confirmed card only from the `from`-th reload on (the server reconciling late). */
    function reconcileOnReload(from: number) {
      const original = billingApi.paymentMethods;
      let loads = 0;
      billingApi.paymentMethods = (...args: Parameters<typeof original>) => {
        loads++;
        if (loads === from) {
          const old = previewFetch.state.paymentMethods[0]!;
          previewFetch.state.paymentMethods.push({
            ...old,
            id: 'pm-new',
            externalId: 'pm_new_card',
            last4: '4444',
            isDefault: false,
          });
        }
        return original(...args);
      };
      return { loads: () => loads, restore: () => void (billingApi.paymentMethods = original) };
    }

    it('[BILLING-061] not listed yet: the list loads again until it is, and save() returns it (not the default card)', async () => {
      const calls = installStripe({ paymentMethod: 'pm_new_card' });
      expect(previewFetch.state.paymentMethods[0]!.isDefault).to.equal(true);
      const reloads = reconcileOnReload(3);
      try {
        const { ref } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
        await waitUntil(() => calls.mounts.length === 1);
        const saved = await ref.current!.save();
        expect(reloads.loads()).to.equal(3);
        expect(saved).to.include({ id: 'pm-new', externalId: 'pm_new_card', last4: '4444' });
      } finally {
        reloads.restore();
      }
    });

    it('never listed: save() rejects with "not saved yet" after the retries, never returning another card', async () => {
      const calls = installStripe({ paymentMethod: 'pm_new_card' });
      const reloads = reconcileOnReload(Number.POSITIVE_INFINITY);
      try {
        const { ref } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
        await waitUntil(() => calls.mounts.length === 1);
        const outcome = await ref.current!.save().then(
          (card) => card,
          (e: Error & { display?: string }) => e,
        );
        expect(outcome).to.be.instanceOf(Error);
        expect((outcome as Error).message).to.equal(
          'The card was accepted but is not saved yet. Wait a moment and try again.',
        );
        expect(reloads.loads()).to.equal(1 + cardReconcileRetry.attempts);
        expect(store.get(cardSetupAtom).cardSetupIntentSecret).to.equal(null);
      } finally {
        reloads.restore();
      }
    });

    it('says it in Hebrew under locale he', async () => {
      store.set(hostOptionsInputAtom, { preview: true, locale: 'he' });
      const calls = installStripe({ paymentMethod: 'pm_new_card' });
      const reloads = reconcileOnReload(Number.POSITIVE_INFINITY);
      try {
        const { ref } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
        await waitUntil(() => calls.mounts.length === 1);
        const message = await ref.current!.save().then(
          () => null,
          (e: Error) => e.message,
        );
        expect(message).to.equal('הכרטיס אושר אך עדיין לא נשמר. כדאי להמתין רגע ולנסות שוב.');
      } finally {
        reloads.restore();
      }
    });
  });

  it("Stripe's refusal is what save() rejects with", async () => {
    const calls = installStripe({ error: { message: 'Your card number is incomplete.' } });
    const { ref } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
    await waitUntil(() => calls.mounts.length === 1);
    const error = await ref.current!.save().then(
      () => null,
      (e: Error & { display?: string }) => e.display,
    );
    expect(error).to.equal('Your card number is incomplete.');
  });

  it('unmounting destroys the element and removes the light-DOM container', async () => {
    const calls = installStripe();
    const { host } = render({ mode: 'stripe', publishableKey: 'pk_test_123' });
    await waitUntil(() => calls.mounts.length === 1);
    roots.pop()!.unmount();
    expect(calls.destroyed).to.equal(1);
    expect(host.querySelector('[data-stripe-card]')).to.equal(null);
  });

  it('lightDomMountPoint outside any shadow root mounts in place', () => {
    const slot = document.createElement('slot');
    slot.name = 'x';
    document.body.append(slot);
    const { target, release } = lightDomMountPoint(slot);
    expect(target.parentElement).to.equal(slot);
    release();
    slot.remove();
  });
});
