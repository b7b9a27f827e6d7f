import { useId, useLayoutEffect, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import {
  groupPermissions,
  rolesApi,
  type Permission,
  type PermissionGroup,
  type Role,
} from '../../../../shared/api/roles';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions, SkeletonBlock } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';

export interface PermissionsDialogProps {
  role: Role;
  /** Checkboxes and Save; otherwise the role's permissions are listed read-only. */
  editable: boolean;
  onClose: () => void;
  /** Sends the permission ids; throws on failure (the dialog shows the error and stays open). */
  onSave: (permissionIds: string[]) => Promise<void>;
}

/**
 * The permissions of a role, grouped by category (ROLES-002, ROLES-003): a checkbox per permission with its
 * key, and a "select all" per category. Rendered only while open.
 */
export function PermissionsDialog({ role, editable, onClose, onSave }: PermissionsDialogProps) {
  const { t } = useT();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(role.permissions));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Loaded once per open (and per retry).
  const { state: catalog, reload } = useLoad(async () => {
    const [categories, permissions] = await Promise.all([
      rolesApi.getPermissionCategories(),
      rolesApi.getPermissions(),
    ]);
    return groupPermissions(categories ?? [], permissions ?? [], {
      id: '',
      name: t('adminPortal.roles.otherCategory'),
    });
  });

  const all = useMemo(
    () => (catalog.status === 'ready' ? catalog.data.flatMap((g) => g.permissions) : []),
    [catalog],
  );
  const changed =
    selected.size !== role.permissions.length || role.permissions.some((id) => !selected.has(id));

  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      // In the order the server lists them; ids the catalog does not know are kept as they were.
      const known = new Set(all.map((p) => p.id));
      await onSave([
        ...all.filter((p) => selected.has(p.id)).map((p) => p.id),
        ...role.permissions.filter((id) => !known.has(id)),
      ]);
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      title={t('adminPortal.roles.permissionsTitle', { name: role.name })}
      onClose={onClose}
      width={760}
    >
      <div data-permissions-editor={editable ? 'edit' : 'view'}>
        <p css={{ marginTop: 0, color: 'var(--fe-color-text-secondary)' }}>
          {editable ? t('adminPortal.roles.permissionsIntro') : t('adminPortal.roles.permissionsReadOnly')}
        </p>
        {error && <Alert severity="error">{error}</Alert>}
        {catalog.status === 'loading' && (
          <SkeletonBlock label={t('adminPortal.roles.loadingPermissions')} title lines={8} />
        )}
        {catalog.status === 'failed' && <LoadError error={catalog.error} onRetry={reload} />}
        {catalog.status === 'ready' && (
          // The list scrolls inside the dialog, so Save stays in view.
          <div
            role="region"
            tabIndex={0}
            aria-label={t('adminPortal.roles.permissionsTitle', { name: role.name })}
            css={{
              maxHeight: 'calc(100vh - 280px)',
              minHeight: 120,
              overflow: 'auto',
              paddingTop: space.md,
              paddingInlineEnd: space.xs,
              '&:focus-visible': { outline: '2px solid var(--fe-color-primary)' },
            }}
          >
            {editable ? (
              <div css={{ display: 'grid', gap: space.xl }}>
                {catalog.data.map((group) => (
                  <CategoryEditor
                    key={group.category.id || 'other'}
                    group={group}
                    selected={selected}
                    onToggle={toggle}
                    disabled={saving}
                  />
                ))}
              </div>
            ) : (
              <PermissionList groups={catalog.data} held={selected} />
            )}
          </div>
        )}
      </div>
      <DialogActions>
        {editable && catalog.status === 'ready' && (
          <span aria-live="polite" css={{ marginInlineEnd: 'auto', alignSelf: 'center' }}>
            {t('adminPortal.roles.selectedCount', {
              selected: all.filter((p) => selected.has(p.id)).length,
              total: all.length,
            })}
          </span>
        )}
        <Button variant="secondary" onClick={onClose}>
          {editable ? t('adminPortal.form.cancel') : t('adminPortal.form.close')}
        </Button>
        {editable && (
          <Button
            data-save-permissions
            onClick={save}
            disabled={saving || !changed || catalog.status !== 'ready'}
          >
            {saving ? t('adminPortal.form.saving') : t('adminPortal.form.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function CategoryEditor({
  group,
  selected,
  onToggle,
  disabled,
}: {
  group: PermissionGroup;
  selected: ReadonlySet<string>;
  onToggle: (ids: string[], on: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useT();
  const assignable = group.permissions.filter((p) => p.assignmentType !== 'NEVER');
  const count = assignable.filter((p) => selected.has(p.id)).length;
  const name = group.category.name;
  return (
    <fieldset
      data-category={group.category.id}
      css={{
        margin: 0,
        padding: `${space.lg} ${space.xl}`,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
      }}
    >
      <legend css={{ fontWeight: 600, padding: `0 ${space.sm}` }}>{name}</legend>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: space.md,
          flexWrap: 'wrap',
          marginBottom: space.md,
        }}
      >
        {group.category.description ? (
          <span css={{ color: 'var(--fe-color-text-secondary)', fontSize: '0.9em' }}>
            {group.category.description}
          </span>
        ) : (
          <span />
        )}
        <LabelledCheckbox
          data-select-all={group.category.id}
          checked={assignable.length > 0 && count === assignable.length}
          indeterminate={count > 0 && count < assignable.length}
          disabled={disabled || assignable.length === 0}
          aria-label={t('adminPortal.roles.selectAllIn', { category: name })}
          onChange={(e) =>
            onToggle(
              assignable.map((p) => p.id),
              e.currentTarget.checked,
            )
          }
        >
          <span aria-hidden="true">{t('adminPortal.roles.selectAll')}</span>
        </LabelledCheckbox>
      </div>
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
          gap: `${space.sm} ${space.xl}`,
        }}
      >
        {group.permissions.map((permission) => (
          <PermissionCheckbox
            key={permission.id}
            permission={permission}
            checked={selected.has(permission.id)}
            disabled={disabled || permission.assignmentType === 'NEVER'}
            onChange={(on) => onToggle([permission.id], on)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function PermissionCheckbox(props: {
  permission: Permission;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useT();
  const { permission } = props;
  const descriptionId = useId();
  const never = permission.assignmentType === 'NEVER';
  return (
    <LabelledCheckbox
      data-permission={permission.key}
      checked={props.checked}
      disabled={props.disabled}
      aria-describedby={descriptionId}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
      align="start"
    >
      <span css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <span>{labelOf(permission)}</span>
        <span id={descriptionId} css={{ fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
          {[
            keyShown(permission) && <PermissionKey key="key" value={permission.key} />,
            permission.description,
            never && t('adminPortal.roles.neverAssignable'),
          ]
            .filter(Boolean)
            .flatMap((part, i) => (i ? [' — ', part] : [part]))}
        </span>
      </span>
    </LabelledCheckbox>
  );
}

/** The role's permissions as a list, by category (read-only). */
function PermissionList({ groups, held }: { groups: PermissionGroup[]; held: ReadonlySet<string> }) {
  const { t } = useT();
  const shown = groups
    .map((g) => ({ ...g, permissions: g.permissions.filter((p) => held.has(p.id)) }))
    .filter((g) => g.permissions.length > 0);
  if (shown.length === 0) return <p>{t('adminPortal.roles.noPermissions')}</p>;
  return (
    <div css={{ display: 'grid', gap: space.xl }}>
      {shown.map((group) => (
        <section key={group.category.id || 'other'} data-category={group.category.id}>
          <h3 css={{ fontSize: '1em', margin: `0 0 ${space.sm}` }}>{group.category.name}</h3>
          <ul css={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: space.xs }}>
            {group.permissions.map((p) => (
              <li key={p.id} data-permission={p.key}>
                {labelOf(p)}
                {keyShown(p) && (
                  <>
                    {' '}
                    <PermissionKey value={p.key} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A permission's label: its name, or its key when it has none. */
const labelOf = (p: Permission) => p.name || p.key;
/** The key beside the label only when the label is not the key already (a server may name a permission by its key). */
const keyShown = (p: Permission) => labelOf(p) !== p.key;

function PermissionKey({ value }: { value: string }) {
  return (
    <code
      css={{
        fontSize: '0.9em',
        padding: `0 ${space.xs}`,
        borderRadius: 4,
        background: 'var(--fe-color-background)',
        color: 'var(--fe-color-text)',
        overflowWrap: 'anywhere',
      }}
    >
      {value}
    </code>
  );
}

/** A checkbox whose label is its children; `indeterminate` is set on the element (no attribute exists). */
function LabelledCheckbox({
  children,
  indeterminate = false,
  align = 'center',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  indeterminate?: boolean;
  align?: 'center' | 'start';
  'data-permission'?: string;
  'data-select-all'?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // Set in the commit itself: never a frame (or a test's look) where the box shows unticked instead of mixed.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label
      css={{
        display: 'inline-flex',
        alignItems: align === 'start' ? 'flex-start' : 'center',
        gap: space.md,
        cursor: input.disabled ? 'default' : 'pointer',
        minWidth: 0,
      }}
    >
      <input
        ref={ref}
        type="checkbox"
        {...input}
        css={{
          width: 16,
          height: 16,
          flex: 'none',
          marginTop: align === 'start' ? 3 : 0,
          accentColor: 'var(--fe-color-primary)',
        }}
      />
      {children}
    </label>
  );
}
