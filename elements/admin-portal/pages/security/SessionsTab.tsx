import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { securityPolicyApi, type SessionConfiguration } from '../../../../shared/api/securityPolicy';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, SkeletonBlock, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { useFieldAppearances } from '../../appearance';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';
import { SubmitButton } from '../../PageParts';
import { sessionDraftOf, sessionPatchOf, type SessionDraft, type SessionErrors } from './drafts';
import { DurationField, NumberField, PolicySection, Toggle } from './parts';

/**
 * Session management (SECURITY-001): idle session timeout, force re-login (the session timeout) and the
 * maximum of concurrent sessions, saved with POST configurations/sessions (SESSIONS-002).
 */
export function SessionsTab(props: {
  canWrite: boolean;
  draft: SessionDraft | null;
  onDraft: (draft: SessionDraft | null) => void;
}) {
  const { t } = useT();
  const { state, reload, setData } = useLoad(() => securityPolicyApi.getSessionConfiguration());
  if (state.status === 'loading') return <SkeletonBlock label={t('common.loading')} height={320} />;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={reload} />;
  return <SessionsForm {...props} saved={state.data} onSaved={setData} />;
}

function SessionsForm(props: {
  canWrite: boolean;
  saved: SessionConfiguration;
  draft: SessionDraft | null;
  onDraft: (draft: SessionDraft | null) => void;
  onSaved: (config: SessionConfiguration) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const appearance = useFieldAppearances('security');
  const editable = {
    idle: props.canWrite && appearance.idleSessionTimeout === 'edit',
    relogin: props.canWrite && appearance.forceReLogin === 'edit',
    concurrent: props.canWrite && appearance.maximumConcurrentSessions === 'edit',
  };
  const draft = props.draft ?? sessionDraftOf(props.saved);
  const change = (patch: Partial<SessionDraft>) => props.onDraft({ ...draft, ...patch });
  const [errors, setErrors] = useState<SessionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = (key: keyof SessionErrors) =>
    errors[key] === 'timeout'
      ? t('adminPortal.security.sessions.timeoutRange')
      : errors[key] === 'sessions'
        ? t('adminPortal.security.sessions.sessionsRange')
        : null;

  const submit = async () => {
    setFailure(null);
    const result = sessionPatchOf(draft, editable);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    setBusy(true);
    try {
      const saved = await securityPolicyApi.saveSessionConfiguration(result.patch);
      props.onSaved(saved);
      props.onDraft(null);
      toast({ text: t('adminPortal.security.sessions.saved') });
    } catch (error) {
      setFailure(errorMessage(error, t('common.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const anyEditable = editable.idle || editable.relogin || editable.concurrent;
  return (
    <form
      noValidate
      data-form="sessions"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      css={{ display: 'grid', gap: space.xl }}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {appearance.idleSessionTimeout !== 'hidden' && (
        <PolicySection
          field="idleSessionTimeout"
          title={t('adminPortal.security.sessions.idleSessionTimeout')}
          hint={t('adminPortal.security.sessions.idleHint')}
        >
          <Toggle
            name="idleSessionTimeout"
            label={t('adminPortal.security.sessions.idleEnable')}
            checked={draft.idleActive}
            disabled={!editable.idle}
            onChange={(idleActive) => change({ idleActive })}
          />
          <DurationField
            name="idleSessionTimeout"
            label={t('adminPortal.security.sessions.idleAfter')}
            value={draft.idle}
            disabled={!editable.idle || !draft.idleActive}
            error={errorText('idle')}
            onChange={(idle) => change({ idle })}
          />
        </PolicySection>
      )}
      {appearance.forceReLogin !== 'hidden' && (
        <PolicySection
          field="forceReLogin"
          title={t('adminPortal.security.sessions.forceReLogin')}
          hint={t('adminPortal.security.sessions.reloginHint')}
        >
          <Toggle
            name="forceReLogin"
            label={t('adminPortal.security.sessions.reloginEnable')}
            checked={draft.reloginActive}
            disabled={!editable.relogin}
            onChange={(reloginActive) => change({ reloginActive })}
          />
          <DurationField
            name="forceReLogin"
            label={t('adminPortal.security.sessions.reloginAfter')}
            value={draft.relogin}
            disabled={!editable.relogin || !draft.reloginActive}
            error={errorText('relogin')}
            onChange={(relogin) => change({ relogin })}
          />
        </PolicySection>
      )}
      {appearance.maximumConcurrentSessions !== 'hidden' && (
        <PolicySection
          field="maximumConcurrentSessions"
          title={t('adminPortal.security.sessions.maximumConcurrentSessions')}
          hint={t('adminPortal.security.sessions.concurrentHint')}
        >
          <Toggle
            name="maximumConcurrentSessions"
            label={t('adminPortal.security.sessions.concurrentEnable')}
            checked={draft.concurrentActive}
            disabled={!editable.concurrent}
            onChange={(concurrentActive) => change({ concurrentActive })}
          />
          <NumberField
            name="maximumConcurrentSessions"
            label={t('adminPortal.security.sessions.maxSessions')}
            value={draft.maxSessions}
            min={1}
            max={1000}
            disabled={!editable.concurrent || !draft.concurrentActive}
            error={errorText('maxSessions')}
            onChange={(maxSessions) => change({ maxSessions })}
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
