import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState } from 'react';
import { z } from 'zod';
import { adminPortalApi } from '../../../../shared/api/client';
import { errorMessage } from '../../../../shared/api/errors';
import { runOperation } from '../../../../shared/api/operation';
import { createPhoneApi, type UserPhoneNumber } from '../../../../shared/api/phone';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, ConfirmDialog, Dialog, useToast } from '../../../../shared/ui';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { useFieldAppearance } from '../../appearance';
import { Subsection } from '../../PageParts';
import { space } from '../../../../themes/tokens';
import { CancelSubmit } from '../../kit/DialogForm';
import { AccountList } from './AccountList';
import { listCss, pillCss, rowCss } from './listStyles';

const phones = createPhoneApi(adminPortalApi);

/** The numbers the list asks for: the first page of 10 (PHONE-006). */
const PAGE = { limit: 10, offset: 0 } as const;

/** A failure stays in the section (the user must act); a completed action is a toast. */
type Status = { kind: 'failed'; error: string } | null;

/** A texted code to enter: to verify a number (PHONE-010) or to confirm its deletion (PHONE-011). */
type CodeStep = { purpose: 'verify' | 'delete'; phone: UserPhoneNumber; otcToken: string };

/** The number as people read it (+44 20 7946 0958); the stored text when libphonenumber cannot parse it. */
export function displayPhone(phoneNumber: string): string {
  return parsePhoneNumberFromString(phoneNumber)?.formatInternational() ?? phoneNumber;
}

/**
 * The user's phone numbers (PHONE-005..011): listed as verified or not; a number is added (POST, then
 * preverify texts a code) and verified with the texted code; an unverified number is deleted after a
 * confirmation, a verified one after the confirmation and the code texted to it.
 */
export function PhoneNumbersSection() {
  const { t } = useT();
  const canEdit = useFieldAppearance('privacy', 'mfa') === 'edit';
  const { state, reload } = useAccountData(() => phones.list(PAGE));
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState<CodeStep | null>(null);
  const [confirm, setConfirm] = useState<UserPhoneNumber | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const toast = useToast();

  const failed = (error: unknown) =>
    setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });

  /** Texts a verification code to a listed, unverified number. */
  const startVerify = async (phone: UserPhoneNumber) => {
    setBusy(true);
    setStatus(null);
    try {
      const { otcToken } = await phones.preVerify(phone.phoneNumber);
      setCode({ purpose: 'verify', phone, otcToken });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  /** DELETE {id}: gone at once when unverified; a verified number answers an otcToken for the texted code. */
  const remove = async () => {
    if (!confirm) return;
    const phone = confirm;
    setBusy(true);
    setStatus(null);
    try {
      const answer = await phones.remove(phone.id);
      if (answer?.otcToken) {
        setCode({ purpose: 'delete', phone, otcToken: answer.otcToken });
      } else {
        toast({ text: t('adminPortal.privacy.phoneDeleted') });
        reload();
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const items = state.status === 'ready' ? (state.data?.items ?? []) : [];
  const name = (p: UserPhoneNumber) => displayPhone(p.phoneNumber);

  return (
    <Subsection title={t('adminPortal.privacy.phoneNumbers')} id="fe-privacy-phones">
      <div css={{ display: 'grid', gap: space.md }} data-phone-numbers>
        <AccountList
          intro={t('adminPortal.privacy.phonesIntro')}
          failure={status?.kind === 'failed' ? status.error : null}
          state={state}
          onRetry={reload}
          items={items}
          empty={t('adminPortal.privacy.noPhoneNumbers')}
        >
          <ul css={listCss} aria-label={t('adminPortal.privacy.phoneList')} data-phones>
            {items.map((p) => (
              <li key={p.id} css={rowCss} data-phone={p.id} data-verified={p.verified ? 'true' : 'false'}>
                <span css={{ display: 'flex', alignItems: 'center', gap: space.md, flexWrap: 'wrap' }}>
                  <bdi dir="ltr" css={{ fontVariantNumeric: 'tabular-nums' }}>
                    {name(p)}
                  </bdi>
                  <span css={p.verified ? verifiedBadgeCss : pendingBadgeCss} data-phone-status>
                    {t(
                      p.verified
                        ? 'adminPortal.privacy.phoneVerified'
                        : 'adminPortal.privacy.phoneNotVerified',
                    )}
                  </span>
                </span>
                {canEdit && (
                  <span css={{ display: 'flex', gap: space.xs }}>
                    {!p.verified && (
                      <Button
                        variant="text"
                        data-verify-phone={p.id}
                        disabled={busy}
                        aria-label={t('adminPortal.privacy.verifyPhoneNamed', { phone: name(p) })}
                        onClick={() => void startVerify(p)}
                      >
                        {t('adminPortal.privacy.verifyPhone')}
                      </Button>
                    )}
                    <Button
                      variant="text"
                      data-delete-phone={p.id}
                      disabled={busy}
                      aria-label={t('adminPortal.privacy.deletePhoneNamed', { phone: name(p) })}
                      onClick={() => {
                        setStatus(null);
                        setConfirm(p);
                      }}
                    >
                      {t('adminPortal.privacy.deletePhone')}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </AccountList>
        {canEdit && state.status === 'ready' && (
          <div>
            <Button
              variant="secondary"
              data-add-phone
              onClick={() => {
                setStatus(null);
                setAdding(true);
              }}
            >
              {t('adminPortal.privacy.addPhone')}
            </Button>
          </div>
        )}
      </div>
      {adding && (
        <AddPhoneDialog
          onClose={() => setAdding(false)}
          onAdded={reload}
          onCodeSent={(step) => {
            setAdding(false);
            setCode(step);
          }}
        />
      )}
      {code && (
        <CodeDialog
          key={`${code.purpose}:${code.phone.id}`}
          step={code}
          onClose={() => {
            setCode(null);
            reload();
          }}
          onDone={(message) => {
            setCode(null);
            toast({ text: message });
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('adminPortal.privacy.deletePhoneTitle')}
        confirmLabel={t('adminPortal.privacy.deletePhone')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      >
        {confirm
          ? t(
              confirm.verified
                ? 'adminPortal.privacy.deletePhoneVerifiedBody'
                : 'adminPortal.privacy.deletePhoneBody',
              { phone: name(confirm) },
            )
          : ''}
      </ConfirmDialog>
    </Subsection>
  );
}

const addSchema = z.object({
  phoneNumber: fieldRules
    .optionalPhone()
    .refine((value) => value !== '', { error: 'adminPortal.form.required' }),
});

/** Add a number (POST, PHONE-007), then have a code texted to it (preverify, PHONE-009). Rendered while open. */
function AddPhoneDialog(props: {
  onClose: () => void;
  onAdded: () => void;
  onCodeSent: (step: CodeStep) => void;
}) {
  const { t } = useT();
  const form = useZodForm(addSchema, { phoneNumber: '' });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ phoneNumber }) => {
    setError(null);
    // E.164, as the server keeps it: the validation above has parsed it already.
    const e164 = parsePhoneNumberFromString(phoneNumber)?.number ?? phoneNumber;
    try {
      const added = await phones.add(e164);
      props.onAdded();
      const { otcToken } = await phones.preVerify(added.phoneNumber ?? e164);
      props.onCodeSent({ purpose: 'verify', phone: added, otcToken });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    }
  });
  return (
    <Dialog open title={t('adminPortal.privacy.addPhone')} onClose={props.onClose}>
      <form noValidate onSubmit={submit} aria-busy={busy} data-form="add-phone">
        <div css={{ display: 'grid', gap: space.xl }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField
            form={form}
            name="phoneNumber"
            type="tel"
            dir="ltr"
            autoComplete="tel"
            label={t('adminPortal.privacy.phoneLabel')}
            placeholder="+44 20 7946 0958"
          />
          <p css={{ margin: 0, fontSize: '0.9em', color: 'var(--fe-color-text-secondary)' }}>
            {t('adminPortal.privacy.phoneHint')}
          </p>
        </div>
        <CancelSubmit onCancel={props.onClose} disabled={busy}>
          {t('adminPortal.privacy.sendCode')}
        </CancelSubmit>
      </form>
    </Dialog>
  );
}

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'adminPortal.privacy.phoneCodeInvalid' }),
});

/**
 * The code texted to a number: verifies it (POST verify, PHONE-010) or confirms its deletion (POST
 * {id}/delete/verify, PHONE-011). "Send a new code" texts another one (preverify again, or DELETE again).
 */
function CodeDialog(props: { step: CodeStep; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useT();
  const { phone, purpose } = props.step;
  const [otcToken, setOtcToken] = useState(props.step.otcToken);
  const form = useZodForm(codeSchema, { code: '' });
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const busy = form.formState.isSubmitting || resending;
  const shown = displayPhone(phone.phoneNumber);

  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    setResent(false);
    try {
      if (purpose === 'verify') {
        await phones.verify(otcToken, code);
        props.onDone(t('adminPortal.privacy.phoneVerifiedDone', { phone: shown }));
      } else {
        await phones.verifyDelete(phone.id, otcToken, code);
        props.onDone(t('adminPortal.privacy.phoneDeleted'));
      }
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    }
  });

  const resend = async () => {
    setResent(false);
    const result = await runOperation(
      { setLoading: setResending, setError },
      async () =>
        purpose === 'verify' ? await phones.preVerify(phone.phoneNumber) : await phones.remove(phone.id),
      t('common.genericError'),
    );
    if (!result.ok) return;
    if (!result.data?.otcToken) {
      // The number is gone already (it was no longer verified): nothing left to confirm.
      props.onDone(t('adminPortal.privacy.phoneDeleted'));
      return;
    }
    setOtcToken(result.data.otcToken);
    setResent(true);
  };

  return (
    <Dialog
      open
      title={t(
        purpose === 'verify'
          ? 'adminPortal.privacy.verifyPhoneTitle'
          : 'adminPortal.privacy.deletePhoneCodeTitle',
        { phone: shown },
      )}
      onClose={props.onClose}
    >
      <form noValidate onSubmit={submit} aria-busy={busy} data-form="phone-code" data-purpose={purpose}>
        <div css={{ display: 'grid', gap: space.xl }}>
          {error && <Alert severity="error">{error}</Alert>}
          {resent && <Alert severity="success">{t('adminPortal.privacy.codeResent')}</Alert>}
          <p css={{ margin: 0 }}>
            {t(
              purpose === 'verify'
                ? 'adminPortal.privacy.phoneCodeSent'
                : 'adminPortal.privacy.deletePhoneCodeSent',
              { phone: shown },
            )}
          </p>
          <FormTextField
            form={form}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            label={t('adminPortal.privacy.phoneCodeLabel')}
          />
          <div>
            <Button variant="text" data-resend-code disabled={busy} onClick={() => void resend()}>
              {t('adminPortal.privacy.resendCode')}
            </Button>
          </div>
        </div>
        <CancelSubmit onCancel={props.onClose} disabled={busy}>
          {t(purpose === 'verify' ? 'adminPortal.privacy.verifyPhone' : 'adminPortal.privacy.deletePhone')}
        </CancelSubmit>
      </form>
    </Dialog>
  );
}

const verifiedBadgeCss = { ...pillCss, border: '1px solid var(--fe-color-success)' };
const pendingBadgeCss = { ...pillCss, border: '1px dashed var(--fe-color-border)' };
