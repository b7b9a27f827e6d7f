import { useState } from 'react';
import type { TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Button, Dialog, DialogActions } from '../../../../shared/ui';
import { ExpirySelect } from './ExpirySelect';

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
    <Dialog
      open
      title={t('adminPortal.users.expiryTitle', { name: user.name || user.email })}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(days);
        }}
        css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
      >
        <ExpirySelect label={t('adminPortal.users.accessExpiresIn')} days={days} onChange={setDays} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPortal.form.cancel')}
          </Button>
          <Button type="submit" data-submit>
            {t('adminPortal.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
