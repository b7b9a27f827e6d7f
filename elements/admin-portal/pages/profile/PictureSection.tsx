import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { DATA_IMAGE_PATTERN, profileApi, type Profile } from '../../../../shared/api/profile';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, useToast } from '../../../../shared/ui';
import { pictureToUpload, readAsDataUrl } from './picture';
import { size, space } from '../../../../themes/tokens';

/** A picture URL the page shows: https, or a raster data image (never `javascript:` or SVG). */
function showablePicture(url: string | null | undefined): string | null {
  if (!url) return null;
  if (DATA_IMAGE_PATTERN.test(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

type Status = { kind: 'uploading' } | { kind: 'failed'; error: string } | null;

/**
 * The profile picture: a picked image is read as a base64 data URL and uploaded only when it is a raster
 * data image (PROFILE-002); anything else is refused with a message and nothing is sent.
 */
export function PictureSection({
  profile,
  onUploaded,
}: {
  profile: Pick<Profile, 'name' | 'email' | 'profilePictureUrl'>;
  /** Without it the picture is shown only (while the profile loads). */
  onUploaded?: (url: string) => void;
}) {
  const { t } = useT();
  const inputId = useId();
  const [status, setStatus] = useState<Status>(null);
  const toast = useToast();
  const picture = showablePicture(profile.profilePictureUrl);
  const pictureSize = 72;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setStatus({ kind: 'uploading' });
    try {
      const image = await pictureToUpload(await readAsDataUrl(file));
      if (!image) return setStatus({ kind: 'failed', error: t('adminPortal.profile.pictureRefused') });
      const url = await profileApi.updateProfileImage(image);
      onUploaded?.(typeof url === 'string' && url ? url : (profile.profilePictureUrl ?? ''));
      setStatus(null);
      toast({ text: t('adminPortal.profile.pictureSaved') });
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    }
  };

  return (
    <div css={{ display: 'grid', gap: space.md }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: space.xl }}>
        {picture ? (
          <img
            src={picture}
            alt={t('adminPortal.profile.pictureAlt', { name: profile.name })}
            width={pictureSize}
            height={pictureSize}
            data-picture
            css={{ borderRadius: '50%', objectFit: 'cover', border: '1px solid var(--fe-color-border)' }}
          />
        ) : (
          <span
            role="img"
            aria-label={t('adminPortal.profile.pictureAlt', { name: profile.name })}
            data-picture
            css={{
              width: pictureSize,
              height: pictureSize,
              borderRadius: '50%',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: '1.5em',
              fontWeight: 600,
              background: 'var(--fe-color-primary)',
              color: 'var(--fe-color-primary-contrast)',
            }}
          >
            {initials(profile.name || profile.email)}
          </span>
        )}
        <div css={{ display: 'grid', gap: space.xs, minWidth: 0 }}>
          <strong css={{ fontSize: '1.1em' }} data-profile-name>
            {profile.name}
          </strong>
          <span
            css={{ color: 'var(--fe-color-text-secondary)', overflowWrap: 'anywhere' }}
            data-profile-email
          >
            {profile.email}
          </span>
        </div>
        <div css={{ marginInlineStart: 'auto', display: onUploaded ? undefined : 'none' }}>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            data-picture-input
            disabled={status?.kind === 'uploading'}
            onChange={(e) => void onPick(e)}
            css={{
              position: 'absolute',
              width: 1,
              height: 1,
              opacity: 0,
              overflow: 'hidden',
              '&:focus-visible + label': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 2 },
            }}
          />
          <label
            htmlFor={inputId}
            css={{
              display: 'inline-block',
              cursor: 'pointer',
              fontWeight: 600,
              padding: `${size.controlPaddingBlock} ${space.xl}`,
              borderRadius: 'var(--fe-radius)',
              border: '1px solid var(--fe-color-border)',
              color: 'var(--fe-color-text)',
              '&:hover': { background: 'var(--fe-color-background)' },
            }}
          >
            {status?.kind === 'uploading'
              ? t('adminPortal.profile.uploading')
              : t('adminPortal.profile.changePicture')}
          </label>
        </div>
      </div>
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
    </div>
  );
}
