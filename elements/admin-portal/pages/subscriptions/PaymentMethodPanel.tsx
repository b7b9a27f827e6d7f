import { useAtomValue } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { billingApi, type CardPaymentMethod } from '../../../../shared/api/billing';
import { CardEntry, type CardEntryHandle } from '../../../../shared/billing/card/CardEntry';
import {
  loadPaymentMethod,
  paymentMethodAtom,
  providerConfigurationAtom,
  setSliceState,
  submitPaymentMethod,
} from '../../../../shared/billing/state';
import { brandName, cardOf } from '../../../../shared/billing/viewModels';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions, Spinner, TextField } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { DialogForm } from '../../kit/DialogForm';
import { regionCss } from '../../kit/region';

type Open = 'details' | 'card' | null;

/** The card on file with its billing details (SCREEN-072): edit the details, replace the card. */
export function PaymentMethodPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useT();
  const headingId = useId();
  const slice = useAtomValue(paymentMethodAtom);
  const provider = useAtomValue(providerConfigurationAtom);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const card = cardOf(slice.data);
  const close = () => {
    setOpen(null);
    // A dialog's failure stays in its dialog: closed, the slice starts clean.
    setSliceState(paymentMethodAtom, { error: null });
  };
  const address = card
    ? [
        card.billingDetails.address?.addressLine1,
        card.billingDetails.address?.addressLine2,
        [card.billingDetails.address?.postalCode, card.billingDetails.address?.city]
          .filter(Boolean)
          .join(' '),
        card.billingDetails.address?.state,
        card.billingDetails.address?.country,
      ].filter(Boolean)
    : [];

  return (
    <section aria-labelledby={headingId} data-region="payment-method" css={regionCss}>
      <h3 id={headingId} css={{ margin: 0, fontSize: '1.1em' }}>
        {t('adminPortal.subscriptions.paymentMethod.title')}
      </h3>
      {notice && (
        <Alert severity="success" action={{ label: t('common.dismiss'), onClick: () => setNotice(null) }}>
          {notice}
        </Alert>
      )}
      {slice.error && !open && (
        <Alert
          severity="error"
          title={t('adminPortal.subscriptions.paymentMethod.loadFailed')}
          action={{ label: t('common.retry'), onClick: () => void loadPaymentMethod() }}
        >
          {slice.error}
        </Alert>
      )}
      {slice.fetching && <Spinner label={t('common.loading')} />}
      {card && (
        <div css={{ display: 'grid', gap: space.xs }}>
          <strong data-card>
            {t('adminPortal.subscriptions.paymentMethod.card', {
              brand: brandName(card.brand),
              last4: card.last4,
            })}
          </strong>
          <span data-card-expiry>
            {t('adminPortal.subscriptions.paymentMethod.expires', {
              month: String(card.expMonth).padStart(2, '0'),
              year: String(card.expYear),
            })}
          </span>
          <div data-billing-details css={{ display: 'grid', marginTop: space.sm }}>
            <span css={{ fontWeight: 600 }}>
              {t('adminPortal.subscriptions.paymentMethod.billingDetails')}
            </span>
            {card.billingDetails.name && <span data-billing-name>{card.billingDetails.name}</span>}
            {card.billingDetails.email && <span data-billing-email>{card.billingDetails.email}</span>}
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </div>
        </div>
      )}
      {!slice.fetching && !slice.error && slice.data === null && (
        <p css={{ margin: 0 }}>{t('adminPortal.subscriptions.paymentMethod.none')}</p>
      )}
      {slice.data && !card && (
        <p css={{ margin: 0 }}>{t('adminPortal.subscriptions.paymentMethod.otherMethod')}</p>
      )}
      {provider.error && (
        <Alert severity="warning">
          {t('adminPortal.subscriptions.paymentMethod.providerMissing', { error: provider.error })}
        </Alert>
      )}
      <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap' }}>
        {card && (
          <Button
            variant="secondary"
            data-action="edit-billing-details"
            disabled={!canWrite}
            onClick={() => setOpen('details')}
          >
            {t('adminPortal.subscriptions.paymentMethod.editDetails')}
          </Button>
        )}
        <Button
          variant="secondary"
          data-action="replace-card"
          disabled={!canWrite || !provider.data}
          onClick={() => setOpen('card')}
        >
          {card
            ? t('adminPortal.subscriptions.paymentMethod.replaceCard')
            : t('adminPortal.subscriptions.paymentMethod.addCard')}
        </Button>
      </div>
      {open === 'details' && card && (
        <BillingDetailsDialog
          card={card}
          onClose={close}
          onSaved={() => {
            setOpen(null);
            setNotice(t('adminPortal.subscriptions.paymentMethod.detailsSaved'));
          }}
        />
      )}
      {open === 'card' && provider.data && (
        <ReplaceCardDialog
          mode={provider.data.mode}
          publishableKey={provider.data.apiKey}
          replaces={card?.id}
          title={
            card
              ? t('adminPortal.subscriptions.paymentMethod.replaceCard')
              : t('adminPortal.subscriptions.paymentMethod.addCard')
          }
          onClose={close}
          onSaved={() => {
            setOpen(null);
            setNotice(t('adminPortal.subscriptions.paymentMethod.saved'));
          }}
        />
      )}
    </section>
  );
}

const detailFields = [
  'name',
  'email',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;
type DetailField = (typeof detailFields)[number];

/** "Billing details": the cardholder's name, email and address (BILLING-056), through the payment method slice. */
function BillingDetailsDialog({
  card,
  onClose,
  onSaved,
}: {
  card: CardPaymentMethod;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useT();
  const slice = useAtomValue(paymentMethodAtom);
  const { name, email = '', address = {} } = card.billingDetails;
  const [values, setValues] = useState<Record<DetailField, string>>({
    name,
    email,
    addressLine1: address.addressLine1 ?? '',
    addressLine2: address.addressLine2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { name: newName, email: newEmail, ...newAddress } = values;
    const ok = await submitPaymentMethod(() =>
      billingApi.updateBillingDetails(card.id, { name: newName, email: newEmail, address: newAddress }),
    );
    if (ok) onSaved();
  };
  return (
    <DialogForm
      title={t('adminPortal.subscriptions.paymentMethod.billingDetails')}
      name="billing-details"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={slice.loading}
      error={slice.error}
    >
      {detailFields.map((field) => (
        <TextField
          key={field}
          label={t(`adminPortal.subscriptions.paymentMethod.fields.${field}`)}
          type={field === 'email' ? 'email' : 'text'}
          autoComplete={field === 'email' ? 'email' : field === 'name' ? 'name' : 'off'}
          value={values[field]}
          onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        />
      ))}
    </DialogForm>
  );
}

/** "Replace card": the checkout's card entry, saved through the payment method slice (BILLING-042..044). */
function ReplaceCardDialog(props: {
  mode: 'local' | 'stripe';
  publishableKey: string;
  replaces?: string;
  title: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useT();
  const slice = useAtomValue(paymentMethodAtom);
  const entry = useRef<CardEntryHandle>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await submitPaymentMethod(async () => {
      if (!entry.current) throw new Error('The card entry is not ready');
      return entry.current.save();
    });
    if (ok) props.onSaved();
  };
  return (
    <Dialog open title={props.title} onClose={props.onClose} width={520}>
      <form noValidate onSubmit={save} data-form="replace-card" css={{ display: 'grid', gap: space.xl }}>
        {slice.error && <Alert severity="error">{slice.error}</Alert>}
        <CardEntry
          ref={entry}
          mode={props.mode}
          publishableKey={props.publishableKey}
          replaces={props.replaces}
          disabled={slice.loading}
        />
        <DialogActions>
          <Button variant="secondary" onClick={props.onClose}>
            {t('adminPortal.form.cancel')}
          </Button>
          <Button type="submit" data-submit disabled={slice.loading}>
            {slice.loading
              ? t('adminPortal.form.saving')
              : t('adminPortal.subscriptions.paymentMethod.saveCard')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
