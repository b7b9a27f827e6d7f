import { useState } from 'react';
import type { TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { ExpirySelect } from './ExpirySelect';
import { DialogForm } from '../../kit/DialogForm';

/** Sets when a temporary user's access ends, counted from now (TEAM-019). */
export function ExpiryDialog({
  user,
  onClose,
  onSave,
}: {
  user: TeamUser;
  onClose: () => void;
  onSave: (days: number) => void;
}) {
  const { t } = useT();
  const [days, setDays] = useState(7);
  return (
    <DialogForm
      title={t('adminPortal.users.expiryTitle', { name: user.name || user.email })}
      onClose={onClose}
      onSubmit={() => onSave(days)}
      submitLabel={t('adminPortal.form.save')}
    >
      <ExpirySelect label={t('adminPortal.users.accessExpiresIn')} days={days} onChange={setDays} />
    </DialogForm>
  );
}
