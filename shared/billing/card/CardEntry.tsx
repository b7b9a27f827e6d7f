// The one card entry of the checkout and of the portal's "Replace card": our card form for the local
// provider, Stripe's Card Element for Stripe. `save()` creates a setup intent and completes it; the caller
// shows a failure (the typed values stay: the entry is not reset on an error).
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { billingApi, type PaymentMethod } from '../../api/billing';
import { ApiError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert, Spinner, TextField } from '../../ui';
import { clearCardSetup, createCardSetupIntent } from './cardSetup';
import { cardDigits, expiryInFuture, fullYear, luhnValid } from './cardChecks';
import { lightDomMountPoint, loadStripeFor, type Stripe, type StripeCardElement } from './stripeLoader';

export interface CardEntryHandle {
  /** Saves the card entered; resolves with the saved payment method, rejects with what to show. */
  save(): Promise<PaymentMethod>;
}

export interface CardEntryProps {
  mode: 'local' | 'stripe';
  publishableKey: string;
  /** The card the new one replaces (BILLING-061). */
  replaces?: string;
  disabled?: boolean;
}

interface LocalCardValues {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  name: string;
}

const emptyCard: LocalCardValues = { cardNumber: '', expMonth: '', expYear: '', cvc: '', name: '' };

/** An error whose message is what the entry shows (Stripe's own wording, or ours). */
const shown = (message: string) => new ApiError(message, undefined, { display: message });

/** How long the entry waits for the server to list a card Stripe confirmed (tests shorten it). */
export const cardReconcileRetry = { attempts: 5, delayMs: 500 };

/**
 * The saved card whose externalId is the confirmed setup intent's payment method: the list is loaded again
 * (up to `cardReconcileRetry.attempts` more times) while the server has not reconciled it; null if it never shows.
 */
async function reconciledCard(externalId: string): Promise<PaymentMethod | null> {
  for (let attempt = 0; ; attempt++) {
    const found = (await billingApi.paymentMethods()).find((m) => m.externalId === externalId);
    if (found) return found;
    if (attempt >= cardReconcileRetry.attempts) return null;
    await new Promise((resolve) => setTimeout(resolve, cardReconcileRetry.delayMs));
  }
}

/** The Stripe part: loaded and mounted once per key; null until ready. */
function useStripeCard(enabled: boolean, publishableKey: string, slot: HTMLSlotElement | null) {
  const [state, setState] = useState<
    { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; stripe: Stripe; card: StripeCardElement }
  >({ status: 'idle' });
  useEffect(() => {
    if (!enabled || !slot) return;
    let gone = false;
    let card: StripeCardElement | null = null;
    const mountPoint = lightDomMountPoint(slot);
    setState({ status: 'loading' });
    loadStripeFor(publishableKey).then(
      (stripe) => {
        if (gone) return;
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.target);
        setState({ status: 'ready', stripe, card });
      },
      () => !gone && setState({ status: 'failed' }),
    );
    return () => {
      gone = true;
      card?.destroy();
      mountPoint.release();
    };
  }, [enabled, publishableKey, slot]);
  return state;
}

export const CardEntry = forwardRef<CardEntryHandle, CardEntryProps>(function CardEntry(
  { mode, publishableKey, replaces, disabled },
  ref,
) {
  const { t } = useT();
  const slotName = `fe-stripe-card-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [values, setValues] = useState<LocalCardValues>(emptyCard);
  const [touched, setTouched] = useState<Partial<Record<keyof LocalCardValues, boolean>>>({});
  const [slot, setSlot] = useState<HTMLSlotElement | null>(null);
  const stripeCard = useStripeCard(mode === 'stripe', publishableKey, slot);
  const latest = useRef({ values, stripeCard, replaces, mode });
  latest.current = { values, stripeCard, replaces, mode };

  useImperativeHandle(
    ref,
    () => ({
      async save() {
        const { values: card, stripeCard: stripeState, replaces: replaced, mode: kind } = latest.current;
        if (kind === 'stripe' && stripeState.status !== 'ready') throw shown(t('card.notReady'));
        const setupIntentSecret = await createCardSetupIntent(replaced);
        try {
          let saved: PaymentMethod;
          if (kind === 'local') {
            saved = await billingApi.confirmLocalSetupIntent({
              setupIntentSecret,
              cardNumber: cardDigits(card.cardNumber),
              expMonth: Number(card.expMonth.trim()) || 0,
              expYear: fullYear(card.expYear) || 0,
              cvc: card.cvc.trim(),
              name: card.name.trim(),
              email: '',
            });
          } else {
            const { stripe, card: element } = stripeState as Extract<typeof stripeState, { status: 'ready' }>;
            const result = await stripe.confirmCardSetup(setupIntentSecret, {
              payment_method: { card: element, billing_details: { name: card.name.trim() } },
            });
            if (result.error) throw shown(result.error.message ?? t('card.declined'));
            const external = result.setupIntent?.payment_method;
            const externalId = typeof external === 'string' ? external : external?.id;
            if (!externalId) throw shown(t('card.notSaved'));
            // The server reconciles the completed setup intent: only the card Stripe just confirmed will do
            // (never the default or another card, which the checkout would then pay with).
            const found = await reconciledCard(externalId);
            if (!found) throw shown(t('card.notSavedYet'));
            saved = found;
          }
          clearCardSetup();
          return saved;
        } catch (error) {
          clearCardSetup(error instanceof Error ? error.message : null);
          throw error;
        }
      },
    }),
    [t],
  );

  const set = (field: keyof LocalCardValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const blur = (field: keyof LocalCardValues) => () => setTouched((s) => ({ ...s, [field]: true }));

  const numberHint =
    touched.cardNumber && values.cardNumber && !luhnValid(values.cardNumber) ? t('card.numberHint') : null;
  const expiryHint =
    touched.expMonth &&
    touched.expYear &&
    values.expMonth &&
    values.expYear &&
    !expiryInFuture(values.expMonth, values.expYear)
      ? t('card.expiryHint')
      : null;

  const nameField = (
    <TextField
      label={t('card.name')}
      autoComplete="cc-name"
      value={values.name}
      onChange={set('name')}
      disabled={disabled}
    />
  );

  if (mode === 'stripe') {
    return (
      <div
        part="card-entry"
        css={{ display: 'grid', gap: 12, '& input': { width: '100%', minWidth: 0, boxSizing: 'border-box' } }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <span css={{ fontWeight: 600, fontSize: '0.9em' }}>{t('card.card')}</span>
          {/* Stripe's frame is slotted in from the light DOM (see lightDomMountPoint). */}
          <div
            css={{
              padding: 10,
              borderRadius: 'var(--fe-radius)',
              border: '1px solid var(--fe-color-border)',
              background: '#fff',
              minHeight: 20,
            }}
          >
            <slot name={slotName} ref={setSlot} />
          </div>
          {stripeCard.status === 'loading' && <Spinner label={t('card.loading')} />}
        </div>
        {stripeCard.status === 'failed' && <Alert severity="error">{t('card.stripeFailed')}</Alert>}
        {nameField}
      </div>
    );
  }

  return (
    <div
      part="card-entry"
      css={{
        display: 'grid',
        gap: 12,
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        // Inputs fill their column (their intrinsic width would overflow a narrow dialog).
        '& input': { width: '100%', minWidth: 0, boxSizing: 'border-box' },
      }}
    >
      <div css={{ gridColumn: '1 / -1' }}>
        <TextField
          label={t('card.number')}
          autoComplete="cc-number"
          inputMode="numeric"
          value={values.cardNumber}
          onChange={set('cardNumber')}
          onBlur={blur('cardNumber')}
          error={numberHint}
          disabled={disabled}
        />
      </div>
      <TextField
        label={t('card.expMonth')}
        autoComplete="cc-exp-month"
        inputMode="numeric"
        placeholder="MM"
        maxLength={2}
        value={values.expMonth}
        onChange={set('expMonth')}
        onBlur={blur('expMonth')}
        error={expiryHint}
        disabled={disabled}
      />
      <TextField
        label={t('card.expYear')}
        autoComplete="cc-exp-year"
        inputMode="numeric"
        placeholder="YYYY"
        maxLength={4}
        value={values.expYear}
        onChange={set('expYear')}
        onBlur={blur('expYear')}
        disabled={disabled}
      />
      <TextField
        label={t('card.cvc')}
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        value={values.cvc}
        onChange={set('cvc')}
        disabled={disabled}
      />
      <div css={{ gridColumn: '1 / -1' }}>{nameField}</div>
    </div>
  );
});
