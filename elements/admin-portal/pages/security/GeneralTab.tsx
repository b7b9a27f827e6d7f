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
import { generalDraftOf, generalSavesOf, type GeneralDraft, type GeneralErrors } from './drafts';
import { NumberField, PolicySection, Toggle } from './parts';

/**
 * General settings (SECURITY-002): MFA enforcement with remember-device, user lockout and password history,
 * each saved with its own policy call when it changed.
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
  const editable = {
    mfa: props.canWrite && appearance.mfa === 'edit',
    userLockout: props.canWrite && appearance.userLockout === 'edit',
    passwordHistory: props.canWrite && appearance.passwordHistory === 'edit',
  };
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
    if (!saves.mfa && !saves.lockout && !saves.passwordHistory) {
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

  const anyEditable = editable.mfa || editable.userLockout || editable.passwordHistory;
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
      {anyEditable && (
        <div>
          <SubmitButton busy={busy}>{t('adminPortal.form.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
