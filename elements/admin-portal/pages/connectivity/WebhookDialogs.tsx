import { useId, useState } from 'react';
import type { EventCategory, WebhookConfiguration, WebhookSave } from '../../../../shared/api/connectivity';
import { webhookUrl } from '../../../../shared/api/contracts/connectivity';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Checkbox, Dialog, TextField } from '../../../../shared/ui';
import { fieldErrorCss } from '../../../../shared/ui/fieldStyles';
import { space } from '../../../../themes/tokens';
import { DialogForm } from '../../kit/DialogForm';
import type { LoadState } from '../../kit/useLoad';
import { CopyField, fieldsetCss, hintCss, legendCss } from '../sso/parts';
import { webhookEventGroups } from './connectivity.state';

interface FieldErrors {
  displayName?: string;
  url?: string;
  eventKeys?: string;
}

/**
 * The add and edit dialog of a webhook (SCREEN-081): name, URL, description, the events it carries (one
 * checkbox per event a webhook may carry, grouped by category) and whether it is active. The edit form also
 * replaces the signing secret. A refusal keeps the dialog open with the server's reason.
 */
export function WebhookFormDialog({
  webhook,
  categories,
  onRetryCategories,
  onClose,
  onSave,
  onReplaceSecret,
}: {
  /** The webhook edited; none to add one. */
  webhook?: WebhookConfiguration;
  categories: LoadState<EventCategory[]>;
  onRetryCategories: () => void;
  onClose: () => void;
  onSave: (values: WebhookSave) => Promise<void>;
  onReplaceSecret?: () => Promise<void>;
}) {
  const { t } = useT();
  const eventsError = useId();
  const [displayName, setDisplayName] = useState(webhook?.displayName ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [eventKeys, setEventKeys] = useState<string[]>(webhook?.eventKeys ?? []);
  const [isActive, setIsActive] = useState(webhook?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'save' | 'secret' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = (): FieldErrors => ({
    ...(displayName.trim() ? {} : { displayName: t('adminPortal.connectivity.webhooks.nameRequired') }),
    ...(webhookUrl.safeParse(url).success ? {} : { url: t('adminPortal.connectivity.webhooks.urlInvalid') }),
    ...(eventKeys.length ? {} : { eventKeys: t('adminPortal.connectivity.webhooks.chooseEvent') }),
  });

  const run = async (kind: 'save' | 'secret', call: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      setBusy(null);
    }
  };

  const submit = () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    void run('save', () =>
      onSave({
        ...(webhook ? { _id: webhook._id } : {}),
        displayName: displayName.trim(),
        url: url.trim(),
        description: description.trim(),
        eventKeys,
        isActive,
      }),
    );
  };

  const toggle = (key: string, on: boolean) =>
    setEventKeys((keys) => (on ? [...keys, key] : keys.filter((k) => k !== key)));

  return (
    <DialogForm
      title={t(
        webhook
          ? 'adminPortal.connectivity.webhooks.editTitle'
          : 'adminPortal.connectivity.webhooks.addTitle',
      )}
      name="webhook"
      width={600}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('adminPortal.connectivity.webhooks.save')}
      busy={busy === 'save'}
      submitDisabled={busy !== null}
      error={error}
    >
      <TextField
        label={t('adminPortal.connectivity.webhooks.name')}
        autoComplete="off"
        maxLength={100}
        value={displayName}
        error={errors.displayName}
        disabled={busy !== null}
        onChange={(event) => setDisplayName(event.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.connectivity.webhooks.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
        value={url}
        error={errors.url}
        disabled={busy !== null}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.connectivity.webhooks.description')}
        autoComplete="off"
        maxLength={500}
        value={description}
        disabled={busy !== null}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <fieldset
        data-events
        aria-describedby={errors.eventKeys ? eventsError : undefined}
        aria-invalid={errors.eventKeys ? true : undefined}
        css={fieldsetCss}
      >
        <legend css={legendCss}>{t('adminPortal.connectivity.webhooks.events')}</legend>
        {categories.status === 'failed' ? (
          <Alert severity="error" action={{ label: t('adminPortal.form.retry'), onClick: onRetryCategories }}>
            {t('adminPortal.connectivity.webhooks.eventsFailed', { error: categories.error })}
          </Alert>
        ) : categories.status === 'loading' ? (
          <p css={hintCss}>{t('common.loading')}</p>
        ) : (
          webhookEventGroups(categories.data).map((group) => (
            <div
              key={group.id}
              role="group"
              aria-label={group.name}
              data-category={group.id}
              css={{ display: 'grid', gap: space.xs }}
            >
              <span aria-hidden="true" css={{ fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
                {group.name}
              </span>
              <div
                css={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
                  gap: space.xs,
                }}
              >
                {group.events.map((event) => (
                  <Checkbox
                    key={event.key}
                    label={event.displayName}
                    data-event={event.key}
                    checked={eventKeys.includes(event.key)}
                    disabled={busy !== null}
                    onChange={(e) => toggle(event.key, e.currentTarget.checked)}
                  />
                ))}
              </div>
            </div>
          ))
        )}
        {errors.eventKeys && (
          <span id={eventsError} css={fieldErrorCss}>
            {errors.eventKeys}
          </span>
        )}
      </fieldset>
      <Checkbox
        label={t('adminPortal.connectivity.webhooks.activeLabel')}
        data-active
        checked={isActive}
        disabled={busy !== null}
        onChange={(event) => setIsActive(event.currentTarget.checked)}
      />
      {webhook && onReplaceSecret && (
        <div>
          <Button
            variant="secondary"
            data-replace-secret
            disabled={busy !== null}
            onClick={() => void run('secret', onReplaceSecret)}
          >
            {busy === 'secret'
              ? t('adminPortal.connectivity.webhooks.replacing')
              : t('adminPortal.connectivity.webhooks.replaceSecret')}
          </Button>
        </div>
      )}
    </DialogForm>
  );
}

/**
 * The signing secret of a webhook just created or whose secret was replaced, shown this once with a copy
 * button, and how a receiver verifies deliveries (Standard Webhooks).
 */
export function SigningSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog
      open
      title={t('adminPortal.connectivity.webhooks.secretTitle')}
      width={600}
      onClose={onClose}
      actions={
        <Button data-done onClick={onClose}>
          {t('adminPortal.connectivity.webhooks.done')}
        </Button>
      }
    >
      <div data-signing-secret css={{ display: 'grid', gap: space.xl }}>
        <Alert severity="warning">{t('adminPortal.connectivity.webhooks.shownOnce')}</Alert>
        <CopyField
          label={t('adminPortal.connectivity.webhooks.secretLabel')}
          copyLabel={t('adminPortal.connectivity.webhooks.copy')}
          value={secret}
          marker="secret"
        />
        <p css={hintCss}>{t('adminPortal.connectivity.webhooks.verifyHow')}</p>
      </div>
    </Dialog>
  );
}
