import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { groupsApi, type GroupConfiguration } from '../../../../shared/api/groups';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, useToast } from '../../../../shared/ui';
import { Checkbox } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';

export interface GroupSettingsProps {
  configuration: GroupConfiguration;
  editable: boolean;
  onSaved: (configuration: GroupConfiguration) => void;
}

/** The tenant's group configuration (GROUPS-003): switches for writers, a read-only summary for readers. */
export function GroupSettings({ configuration, editable, onSaved }: GroupSettingsProps) {
  const { t } = useT();
  const [draft, setDraft] = useState(configuration);
  const [saving, setSaving] = useState(false);
  // A failed save stays in the section; a saved one is a toast.
  const [notice, setNotice] = useState<{ severity: 'error'; text: string } | null>(null);
  const toast = useToast();
  useEffect(() => setDraft(configuration), [configuration]);
  const changed =
    draft.enabled !== configuration.enabled || draft.rolesEnabled !== configuration.rolesEnabled;

  const save = async () => {
    setSaving(true);
    setNotice(null);
    try {
      const answer = await groupsApi.updateGroupConfiguration(draft);
      onSaved({ ...draft, ...answer });
      toast({ text: t('adminPortal.groups.settingsSaved') });
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
    } finally {
      setSaving(false);
    }
  };

  const fields = [
    { key: 'enabled', label: t('adminPortal.groups.enabled') },
    { key: 'rolesEnabled', label: t('adminPortal.groups.rolesEnabled') },
  ] as const;

  return (
    <section
      aria-labelledby="fe-group-settings-title"
      data-section="group-settings"
      css={{
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        padding: space.xl,
      }}
    >
      <h4 id="fe-group-settings-title" css={{ margin: `0 0 ${space.md}` }}>
        {t('adminPortal.groups.settingsTitle')}
      </h4>
      {notice && (
        <div css={{ marginBottom: space.md }}>
          <Alert severity={notice.severity}>{notice.text}</Alert>
        </div>
      )}
      {editable ? (
        <div
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: `${space.md} ${space['2xl']}`,
          }}
        >
          {fields.map((field) => (
            <Checkbox
              key={field.key}
              label={field.label}
              data-setting={field.key}
              checked={draft[field.key]}
              disabled={saving}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setDraft((d) => ({ ...d, [field.key]: on }));
              }}
            />
          ))}
          <Button variant="secondary" data-save-settings onClick={save} disabled={saving || !changed}>
            {saving ? t('adminPortal.form.saving') : t('adminPortal.groups.saveSettings')}
          </Button>
        </div>
      ) : (
        <dl
          css={{
            display: 'grid',
            gridTemplateColumns: 'max-content auto',
            gap: `${space.xs} ${space['2xl']}`,
            margin: 0,
          }}
        >
          {fields.map((field) => (
            <div key={field.key} css={{ display: 'contents' }}>
              <dt css={{ color: 'var(--fe-color-text-secondary)' }}>{field.label}</dt>
              <dd css={{ margin: 0 }} data-setting={field.key}>
                {configuration[field.key] ? t('adminPortal.groups.on') : t('adminPortal.groups.off')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
