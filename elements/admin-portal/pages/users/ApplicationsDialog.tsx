import { useState } from 'react';
import {
  applicationsApi,
  assignmentErrorMessage,
  isFreeAccess,
  type Application,
} from '../../../../shared/api/applications';
import type { TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions, SkeletonBlock } from '../../../../shared/ui';
import { Checkbox } from '../../../../shared/ui/form';
import type { ApplicationsState } from './useApplications';
import { size, space } from '../../../../themes/tokens';

const badge = {
  display: 'inline-flex',
  alignItems: 'center',
  padding: `1px ${space.md}`,
  borderRadius: size.radiusPill,
  border: '1px solid var(--fe-color-border)',
  fontSize: '0.85em',
  whiteSpace: 'nowrap',
  color: 'var(--fe-color-text-secondary)',
} as const;

interface Outcome {
  severity: 'success' | 'error';
  text: string;
}

/**
 * Which applications a user may use (TEAM-021): a MANAGED_ACCESS application is a checkbox that assigns or
 * unassigns at once; a FREE_ACCESS one is listed as available to everyone, with nothing to change. A failed
 * change shows the server's message, or the TEAM-022 fallback when it sent none; the box goes back and the
 * dialog stays usable.
 */
export function ApplicationsDialog({
  user,
  applications,
  appIds,
  onChanged,
  onClose,
}: {
  user: TeamUser;
  applications: ApplicationsState;
  /** The applications the user may use now. */
  appIds: readonly string[];
  onChanged: (update: (current: string[]) => string[]) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const name = user.name || user.email;
  const [pending, setPending] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const toggle = async (app: Application, on: boolean) => {
    setOutcome(null);
    setPending((current) => [...current, app.id]);
    const without = (ids: string[]) => ids.filter((id) => id !== app.id);
    onChanged((ids) => (on ? [...without(ids), app.id] : without(ids)));
    try {
      // The box already shows the change; the answer (the user's list now) confirms it.
      if (on) await applicationsApi.assignUser(user.id, [app.id], user.tenantId);
      else await applicationsApi.unassignUser(user.id, [app.id], user.tenantId);
      setOutcome({
        severity: 'success',
        text: t(on ? 'adminPortal.users.applicationAssigned' : 'adminPortal.users.applicationUnassigned', {
          name,
          app: app.name,
        }),
      });
    } catch (err) {
      onChanged((ids) => (on ? without(ids) : [...without(ids), app.id]));
      setOutcome({
        severity: 'error',
        text: assignmentErrorMessage(err, t('adminPortal.users.assignmentFailed')),
      });
    } finally {
      setPending((current) => current.filter((id) => id !== app.id));
    }
  };

  return (
    <Dialog open title={t('adminPortal.users.applicationsTitle', { name })} onClose={onClose}>
      <div data-applications-dialog css={{ display: 'grid', gap: space.xl }}>
        <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.users.applicationsText')}
        </p>
        {applications.status === 'failed' ? (
          <Alert severity="error">
            {t('adminPortal.users.applicationsUnavailable', { error: applications.error })}
          </Alert>
        ) : applications.status === 'loading' ? (
          <SkeletonBlock label={t('common.loading')} lines={4} />
        ) : (
          <fieldset
            css={{ border: '1px solid var(--fe-color-border)', borderRadius: 'var(--fe-radius)', margin: 0 }}
          >
            <legend css={{ fontWeight: 600, fontSize: '0.9em', padding: `0 ${space.xs}` }}>
              {t('adminPortal.users.applicationsLabel')}
            </legend>
            {applications.list.length === 0 ? (
              <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
                {t('adminPortal.users.noApplicationsAvailable')}
              </p>
            ) : (
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.md }}>
                {applications.list.map((app) => (
                  <li
                    key={app.id}
                    data-app={app.id}
                    data-access={app.accessType}
                    css={{ display: 'flex', alignItems: 'center', gap: space.md, minHeight: 28 }}
                  >
                    {isFreeAccess(app) ? (
                      <>
                        <span>{app.name}</span>
                        <span css={badge} data-free>
                          {t('adminPortal.users.availableToEveryone')}
                        </span>
                      </>
                    ) : (
                      <Checkbox
                        label={app.name}
                        value={app.id}
                        checked={appIds.includes(app.id)}
                        disabled={pending.includes(app.id)}
                        onChange={(event) => void toggle(app, event.currentTarget.checked)}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        )}
        <div role="status" data-assignment-status>
          {outcome?.severity === 'success' ? outcome.text : ''}
        </div>
        {outcome?.severity === 'error' && (
          <div data-assignment-error>
            <Alert severity="error">{outcome.text}</Alert>
          </div>
        )}
        <DialogActions>
          <Button variant="secondary" data-close onClick={onClose}>
            {t('adminPortal.form.close')}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
