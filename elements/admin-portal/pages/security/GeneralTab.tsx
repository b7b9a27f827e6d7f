import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { securityPolicyApi, type GeneralPolicies } from '../../../../shared/api/securityPolicy';
import { enforceMfaType } from '../../../../shared/api/contracts/securityPolicy';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, SkeletonBlock, useToast } from '../../../../shared/ui';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { useFieldAppearances } from '../../appearance';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';
import { SubmitButton } from '../../PageParts';
import {
  generalDraftOf,
  generalSavesOf,
  passwordClasses,
  type GeneralDraft,
  type GeneralEditable,
  type GeneralErrors,
} from './drafts';
import { NumberField, PolicySection, Toggle } from './parts';

/**
 * General settings (SECURITY-002, SECURITY-020): MFA enforcement with remember-device, user lockout, password
 * history, password rules, password expiration and captcha, each saved with its own policy call when it
 * changed. A password policy the vendor keeps (its allowOverride flag is off) shows read-only.
 */
export function GeneralTab(props: {
  canWrite: boolean;
  draft: GeneralDraft | null;
  onDraft: (draft: GeneralDraft | null) => void;
}) {
  const { t } = useT();
  const { state, reload, setData } = useLoad(() => securityPolicyApi.getGeneralPolicies());
  if (state.status === 'loading') return <SkeletonBlock label={t('common.loading')} height={420} />;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={reload} />;
  return <GeneralForm {...props} saved={state.data} onSaved={setData} />;
}

function GeneralForm(props: {
  canWrite: boolean;
  saved: GeneralPolicies;
  draft: GeneralDraft | null;
  onDraft: (draft: GeneralDraft | null) => void;
  onSaved: (policies: GeneralPolicies) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const appearance = useFieldAppearances('security');
  const vendor = props.saved.vendor;
  const editable: GeneralEditable = {
    mfa: props.canWrite && appearance.mfa === 'edit',
    userLockout: props.canWrite && appearance.userLockout === 'edit',
    passwordHistory: props.canWrite && appearance.passwordHistory === 'edit' && vendor.passwordHistory,
    passwordRules: props.canWrite && vendor.passwordComplexity,
    passwordExpiration: props.canWrite && vendor.passwordExpiration,
    captcha: props.canWrite,
  };
  const vendorNote = (allowed: boolean) => (allowed ? null : t('adminPortal.security.general.setByVendor'));
  const saved = generalDraftOf(props.saved);
  const draft = props.draft ?? saved;
  const change = (patch: Partial<GeneralDraft>) => props.onDraft({ ...draft, ...patch });
  const [errors, setErrors] = useState<GeneralErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = (key: keyof GeneralErrors) => {
    const error = errors[key];
    return error ? t(`adminPortal.security.general.${error}`) : null;
  };

  const submit = async () => {
    setFailure(null);
    const result = generalSavesOf(draft, saved, editable);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    const { saves } = result;
    if (!Object.values(saves).some(Boolean)) {
      toast({ text: t('adminPortal.form.noChanges') });
      return;
    }
    setBusy(true);
    // Each policy is its own call: what was saved stays saved when a later call fails.
    const next = { ...props.saved };
    try {
      if (saves.mfa) next.mfa = { ...next.mfa, ...(await securityPolicyApi.saveMfaPolicy(saves.mfa)) };
      if (saves.lockout)
        next.lockout = { ...next.lockout, ...(await securityPolicyApi.saveLockoutPolicy(saves.lockout)) };
      if (saves.passwordHistory)
        next.passwordHistory = {
          ...next.passwordHistory,
          ...(await securityPolicyApi.savePasswordHistoryPolicy(saves.passwordHistory)),
        };
      if (saves.passwordRules)
        next.passwordRules = await securityPolicyApi.savePasswordRules(saves.passwordRules);
      if (saves.passwordRotation)
        next.passwordRotation = await securityPolicyApi.savePasswordRotationPolicy(saves.passwordRotation);
      if (saves.captcha) next.captcha = await securityPolicyApi.saveCaptchaPolicy(saves.captcha);
      props.onSaved(next);
      props.onDraft(null);
      toast({ text: t('adminPortal.security.general.saved') });
    } catch (error) {
      props.onSaved(next);
      setFailure(errorMessage(error, t('common.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const anyEditable = Object.values(editable).some(Boolean);
  return (
    <form
      noValidate
      data-form="general"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      css={{ display: 'grid', gap: space.xl }}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {appearance.mfa !== 'hidden' && (
        <PolicySection
          field="mfa"
          title={t('adminPortal.security.general.mfa')}
          hint={t('adminPortal.security.general.mfaHint')}
        >
          <div css={{ maxWidth: 360 }}>
            <Select
              label={t('adminPortal.security.general.enforce')}
              value={draft.enforceMFAType}
              disabled={!editable.mfa}
              data-input="enforceMFAType"
              onChange={(event) =>
                change({ enforceMFAType: event.currentTarget.value as GeneralDraft['enforceMFAType'] })
              }
            >
              {enforceMfaType.options.map((type) => (
                <option key={type} value={type}>
                  {t(`adminPortal.security.general.enforceOptions.${type}`)}
                </option>
              ))}
            </Select>
          </div>
          <Toggle
            name="allowRememberMyDevice"
            label={t('adminPortal.security.general.rememberDevice')}
            checked={draft.allowRememberMyDevice}
            disabled={!editable.mfa}
            onChange={(allowRememberMyDevice) => change({ allowRememberMyDevice })}
          />
          <NumberField
            name="mfaDeviceExpiration"
            label={t('adminPortal.security.general.rememberFor')}
            value={draft.rememberDays}
            min={0}
            max={365}
            disabled={!editable.mfa || !draft.allowRememberMyDevice}
            error={errorText('rememberDays')}
            onChange={(rememberDays) => change({ rememberDays })}
          />
        </PolicySection>
      )}
      {appearance.userLockout !== 'hidden' && (
        <PolicySection
          field="userLockout"
          title={t('adminPortal.security.general.userLockout')}
          hint={t('adminPortal.security.general.lockoutHint')}
        >
          <Toggle
            name="userLockout"
            label={t('adminPortal.security.general.lockoutEnable')}
            checked={draft.lockoutEnabled}
            disabled={!editable.userLockout}
            onChange={(lockoutEnabled) => change({ lockoutEnabled })}
          />
          <NumberField
            name="maxAttempts"
            label={t('adminPortal.security.general.maxAttempts')}
            value={draft.maxAttempts}
            min={1}
            max={100}
            disabled={!editable.userLockout || !draft.lockoutEnabled}
            error={errorText('maxAttempts')}
            onChange={(maxAttempts) => change({ maxAttempts })}
          />
        </PolicySection>
      )}
      {appearance.passwordHistory !== 'hidden' && (
        <PolicySection
          field="passwordHistory"
          title={t('adminPortal.security.general.passwordHistory')}
          hint={t('adminPortal.security.general.historyHint')}
          note={vendorNote(vendor.passwordHistory)}
        >
          <Toggle
            name="passwordHistory"
            label={t('adminPortal.security.general.historyEnable')}
            checked={draft.historyEnabled}
            disabled={!editable.passwordHistory}
            onChange={(historyEnabled) => change({ historyEnabled })}
          />
          <NumberField
            name="historySize"
            label={t('adminPortal.security.general.historySize')}
            value={draft.historySize}
            min={1}
            max={24}
            disabled={!editable.passwordHistory || !draft.historyEnabled}
            error={errorText('historySize')}
            onChange={(historySize) => change({ historySize })}
          />
        </PolicySection>
      )}
      <PolicySection
        field="passwordRules"
        title={t('adminPortal.security.general.passwordRules')}
        hint={t('adminPortal.security.general.rulesHint')}
        note={vendorNote(vendor.passwordComplexity)}
      >
        <NumberField
          name="minLength"
          label={t('adminPortal.security.general.minLength')}
          value={draft.minLength}
          min={8}
          max={64}
          disabled={!editable.passwordRules}
          error={errorText('minLength')}
          onChange={(minLength) => change({ minLength })}
        />
        <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: space.sm }}>
          <legend css={{ padding: 0, marginBottom: space.sm }}>
            {t('adminPortal.security.general.mustContain')}
          </legend>
          {passwordClasses.map((key) => (
            <Toggle
              key={key}
              name={key}
              label={t(`adminPortal.security.general.classes.${key}`)}
              checked={draft[key]}
              disabled={!editable.passwordRules}
              onChange={(checked) => change({ [key]: checked })}
            />
          ))}
        </fieldset>
        <Toggle
          name="checkThreeRepeatedChars"
          label={t('adminPortal.security.general.noRepeats')}
          checked={draft.checkThreeRepeatedChars}
          disabled={!editable.passwordRules}
          onChange={(checkThreeRepeatedChars) => change({ checkThreeRepeatedChars })}
        />
      </PolicySection>
      <PolicySection
        field="passwordExpiration"
        title={t('adminPortal.security.general.passwordExpiration')}
        hint={t('adminPortal.security.general.expirationHint')}
        note={vendorNote(vendor.passwordExpiration)}
      >
        <Toggle
          name="passwordExpiration"
          label={t('adminPortal.security.general.expirationEnable')}
          checked={draft.rotationActive}
          disabled={!editable.passwordExpiration}
          onChange={(rotationActive) => change({ rotationActive })}
        />
        <NumberField
          name="rotationPeriod"
          label={t('adminPortal.security.general.rotationDays')}
          value={draft.rotationDays}
          min={1}
          max={3650}
          disabled={!editable.passwordExpiration || !draft.rotationActive}
          error={errorText('rotationDays')}
          onChange={(rotationDays) => change({ rotationDays })}
        />
        <NumberField
          name="notificationPeriod"
          label={t('adminPortal.security.general.notifyDays')}
          value={draft.notifyDays}
          min={0}
          max={365}
          disabled={!editable.passwordExpiration || !draft.rotationActive}
          error={errorText('notifyDays')}
          onChange={(notifyDays) => change({ notifyDays })}
        />
      </PolicySection>
      <PolicySection
        field="captcha"
        title={t('adminPortal.security.general.captcha')}
        hint={t('adminPortal.security.general.captchaHint')}
      >
        <Toggle
          name="captcha"
          label={t('adminPortal.security.general.captchaEnable')}
          checked={draft.captchaEnabled}
          disabled={!editable.captcha}
          onChange={(captchaEnabled) => change({ captchaEnabled })}
        />
      </PolicySection>
      {anyEditable && (
        <div>
          <SubmitButton busy={busy}>{t('adminPortal.form.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
