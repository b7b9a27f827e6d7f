import { useState } from 'react';
import type {
  CreatedScimConnection,
  ScimConnectionInput,
  ScimConnectionSource,
} from '../../../../shared/api/directory';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Checkbox, ConfirmDialog, Dialog, TextField } from '../../../../shared/ui';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { DialogForm } from '../../kit/DialogForm';
import { CopyField } from '../sso/parts';

/** The sources a connection can name, in the order the select offers them. */
export const SOURCES: readonly ScimConnectionSource[] = ['okta', 'azure-ad', 'frontegg', 'other'];

/** The add dialog (SCREEN-067): source, connection name, sync to user management. A refusal keeps it open. */
export function AddConnectionDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (input: ScimConnectionInput) => Promise<void>;
}) {
  const { t } = useT();
  const [source, setSource] = useState<ScimConnectionSource>('okta');
  const [connectionName, setConnectionName] = useState('');
  const [sync, setSync] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onCreate({
        source,
        ...(connectionName.trim() ? { connectionName: connectionName.trim() } : {}),
        syncToUserManagement: sync,
      });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      setBusy(false);
    }
  };

  return (
    <DialogForm
      title={t('adminPortal.provisioning.addTitle')}
      name="scim-connection"
      width={520}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.provisioning.create')}
      busy={busy}
      busyLabel={t('adminPortal.provisioning.creating')}
      error={error}
    >
      <Select
        label={t('adminPortal.provisioning.source')}
        data-source
        value={source}
        disabled={busy}
        onChange={(event) => setSource(event.currentTarget.value as ScimConnectionSource)}
      >
        {SOURCES.map((s) => (
          <option key={s} value={s}>
            {t(`adminPortal.provisioning.sources.${s}`)}
          </option>
        ))}
      </Select>
      <TextField
        label={t('adminPortal.provisioning.connectionName')}
        autoComplete="off"
        maxLength={100}
        value={connectionName}
        disabled={busy}
        onChange={(event) => setConnectionName(event.currentTarget.value)}
      />
      <Checkbox
        label={t('adminPortal.provisioning.syncToUserManagement')}
        checked={sync}
        disabled={busy}
        onChange={(event) => setSync(event.currentTarget.checked)}
      />
    </DialogForm>
  );
}

/** The token, shown this once, and the SCIM base URL, each with a copy button. */
export function ConnectionCreatedDialog({
  created,
  onClose,
}: {
  created: CreatedScimConnection;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Dialog
      open
      title={t('adminPortal.provisioning.createdTitle')}
      width={600}
      onClose={onClose}
      actions={
        <Button data-done onClick={onClose}>
          {t('adminPortal.provisioning.done')}
        </Button>
      }
    >
      <div data-connection-created css={{ display: 'grid', gap: space.xl }}>
        <Alert severity="warning">{t('adminPortal.provisioning.shownOnce')}</Alert>
        <CopyField
          label={t('adminPortal.provisioning.baseUrl')}
          value={created.scimBaseUrl}
          copyLabel={t('adminPortal.provisioning.copyUrl')}
          marker="scim-base-url"
        />
        <CopyField
          label={t('adminPortal.provisioning.token')}
          value={created.token}
          copyLabel={t('adminPortal.provisioning.copyToken')}
          marker="token"
        />
      </div>
    </Dialog>
  );
}

/** "Delete this connection?", with the choice to remove what it provisioned too (`deleteAll`). */
export function DeleteConnectionDialog({
  name,
  busy,
  onClose,
  onConfirm,
}: {
  name: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (deleteAll: boolean) => void;
}) {
  const { t } = useT();
  const [deleteAll, setDeleteAll] = useState(false);
  return (
    <ConfirmDialog
      open={name !== null}
      title={t('adminPortal.provisioning.deleteTitle')}
      confirmLabel={t('adminPortal.form.delete')}
      busy={busy}
      onClose={() => {
        setDeleteAll(false);
        onClose();
      }}
      onConfirm={() => onConfirm(deleteAll)}
    >
      <div css={{ display: 'grid', gap: space.lg }}>
        <p css={{ margin: 0 }}>{name && t('adminPortal.provisioning.deleteBody', { name })}</p>
        <Checkbox
          label={t('adminPortal.provisioning.deleteAll')}
          data-delete-all
          checked={deleteAll}
          disabled={busy}
          onChange={(event) => setDeleteAll(event.currentTarget.checked)}
        />
      </div>
    </ConfirmDialog>
  );
}
