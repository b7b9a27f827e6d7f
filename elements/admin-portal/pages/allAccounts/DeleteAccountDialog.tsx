import { useState } from 'react';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import { runOperation } from '../../../../shared/api/operation';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, ConfirmDialog } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';

/**
 * "Delete <name>?": says what goes with the sub-account (its own sub-accounts, its memberships, users left in
 * no account; audit logs stay), then deletes it with the parent's token. A refusal stays in the dialog.
 */
export function DeleteAccountDialog({
  tenantId,
  name,
  onClose,
  onDeleted,
}: {
  tenantId: string;
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const result = await runOperation(
      { setLoading: setBusy, setError },
      () => hierarchyApi.deleteSubTenant(tenantId),
      t('common.genericError'),
    );
    if (result.ok) onDeleted();
  };
  return (
    <ConfirmDialog
      open
      alert
      title={t('adminPortal.allAccounts.details.deleteTitle', { name })}
      confirmLabel={t('adminPortal.allAccounts.details.delete')}
      busy={busy}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      <div data-delete-account css={{ display: 'grid', gap: space.md }}>
        {error && <Alert severity="error">{error}</Alert>}
        <p css={{ margin: 0 }}>{t('adminPortal.allAccounts.details.deleteText', { name })}</p>
        <ul css={{ margin: 0, paddingInlineStart: space['2xl'] }}>
          <li>{t('adminPortal.allAccounts.details.deleteSubAccounts')}</li>
          <li>{t('adminPortal.allAccounts.details.deleteMembers')}</li>
          <li>{t('adminPortal.allAccounts.details.deleteUsers')}</li>
          <li>{t('adminPortal.allAccounts.details.deleteAudits')}</li>
        </ul>
      </div>
    </ConfirmDialog>
  );
}
