import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { teamApi, type AvailableRole } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions } from '../../../../shared/ui';
import { CancelSubmit } from '../../kit/DialogForm';
import { RoleChecklist } from './RoleChecklist';
import { inviteOneByOne, MAX_BULK_EMAILS, parseEmails, type BulkInviteResult } from './bulkInvite';
import { space } from '../../../../themes/tokens';
import { controlCss, fieldCss, fieldErrorCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';

/**
 * Invites many addresses at once (TEAM-005/006): one by one, then the invited (allowed) and the refused
 * (unallowed, with the reason) lists. `onFinished` runs once all were tried (the page reloads, TEAM-007).
 */
export function BulkInviteDialog({
  roles,
  rolesError,
  onClose,
  onFinished,
}: {
  roles: readonly AvailableRole[];
  rolesError: string | null;
  onClose: () => void;
  onFinished: (result: BulkInviteResult) => void;
}) {
  const { t } = useT();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [chosenRoles, setRoleIds] = useState<string[] | null>(null);
  const roleIds = chosenRoles ?? roles.filter((r) => r.isDefault).map((r) => r.id);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const running = progress !== null && result === null;
  // Closing the dialog stops the addresses not sent yet.
  const closed = useRef(false);
  useEffect(
    () => () => {
      closed.current = true;
    },
    [],
  );

  const start = async () => {
    const { emails, invalid } = parseEmails(text);
    if (emails.length + invalid.length === 0) return setFieldError(t('adminPortal.form.required'));
    if (emails.length > MAX_BULK_EMAILS)
      return setFieldError(t('adminPortal.users.bulkTooMany', { max: MAX_BULK_EMAILS }));
    setFieldError(null);
    setProgress({ done: 0, total: emails.length });
    const sent = await inviteOneByOne(
      emails,
      (email) => teamApi.addUser({ email, roleIds }),
      (error) => errorMessage(error, t('common.genericError')),
      (done) => setProgress({ done, total: emails.length }),
      () => closed.current,
    );
    const outcome: BulkInviteResult = {
      allowed: sent.allowed,
      unallowed: [
        ...invalid.map((email) => ({ email, reason: t('adminPortal.form.invalidEmail') })),
        ...sent.unallowed,
      ],
    };
    setResult(outcome);
    onFinished(outcome);
  };

  const again = () => {
    setText(result ? result.unallowed.map((u) => u.email).join('\n') : '');
    setResult(null);
    setProgress(null);
  };

  return (
    <Dialog open title={t('adminPortal.users.bulkTitle')} onClose={onClose} width={560}>
      {result ? (
        <div data-bulk-result css={{ display: 'grid', gap: space.xl }}>
          <Alert severity={result.unallowed.length ? 'warning' : 'success'}>
            {t('adminPortal.users.bulkSummary', {
              invited: result.allowed.length,
              failed: result.unallowed.length,
            })}
          </Alert>
          {result.allowed.length > 0 && (
            <ResultList
              kind="allowed"
              title={t('adminPortal.users.bulkAllowed', { count: result.allowed.length })}
            >
              {result.allowed.map((email) => (
                <li key={email}>{email}</li>
              ))}
            </ResultList>
          )}
          {result.unallowed.length > 0 && (
            <ResultList
              kind="unallowed"
              title={t('adminPortal.users.bulkUnallowed', { count: result.unallowed.length })}
            >
              {result.unallowed.map(({ email, reason }) => (
                <li key={email} data-email={email}>
                  <span css={{ fontWeight: 600 }}>{email}</span>
                  {' — '}
                  <span>{reason}</span>
                </li>
              ))}
            </ResultList>
          )}
          <DialogActions>
            {result.unallowed.length > 0 && (
              <Button variant="secondary" onClick={again}>
                {t('adminPortal.users.bulkRetryFailed')}
              </Button>
            )}
            <Button data-close onClick={onClose}>
              {t('adminPortal.form.close')}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) void start();
          }}
          css={{ display: 'grid', gap: space.xl }}
        >
          <div css={fieldCss}>
            <label htmlFor={fieldId} css={fieldLabelCss}>
              {t('adminPortal.users.bulkEmailsLabel')}
            </label>
            <span
              id={`${fieldId}-hint`}
              css={{ fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}
            >
              {t('adminPortal.users.bulkEmailsHint', { max: MAX_BULK_EMAILS })}
            </span>
            <textarea
              id={fieldId}
              data-bulk-emails
              rows={6}
              value={text}
              disabled={running}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
              onChange={(event) => setText(event.currentTarget.value)}
              css={[controlCss(Boolean(fieldError)), { resize: 'vertical' }]}
            />
            {fieldError && (
              <span id={`${fieldId}-error`} css={fieldErrorCss}>
                {fieldError}
              </span>
            )}
          </div>
          {rolesError ? (
            <Alert severity="warning">{t('adminPortal.users.rolesUnavailable', { error: rolesError })}</Alert>
          ) : (
            <RoleChecklist roles={roles} selected={roleIds} onChange={setRoleIds} disabled={running} />
          )}
          {progress && (
            <p role="status" css={{ margin: 0 }}>
              {t('adminPortal.users.bulkProgress', { done: progress.done, total: progress.total })}
            </p>
          )}
          <CancelSubmit onCancel={onClose} disabled={running}>
            {t('adminPortal.users.bulkSubmit')}
          </CancelSubmit>
        </form>
      )}
    </Dialog>
  );
}

/** One list of the result (the invited addresses, or the refused ones with the reason), under its heading. */
function ResultList(props: { kind: 'allowed' | 'unallowed'; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} css={{ fontSize: '1em', margin: `0 0 ${space.xs}` }}>
        {props.title}
      </h3>
      <ul {...{ [`data-${props.kind}`]: true }} css={{ margin: 0, paddingInlineStart: 20 }}>
        {props.children}
      </ul>
    </section>
  );
}
