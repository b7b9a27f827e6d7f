// The signed-in user's email and picture (the profile itself, users v2 me, is answered in preview/auth.ts).
import { profileContracts as prc } from '../contracts/profile';
import { paths } from '../paths';
import {
  fail,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  record,
  text,
} from './common';
import { signedInUser } from './views';

/** Raster data images only, as the server (PROFILE-002): an SVG can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The picture arrives as a form's `image` file (read as a data URL); answers its URL as text. */
function updateProfileImage(req: PreviewRequest) {
  const user = signedInUser(req.state);
  const image = text(record(req.body).image);
  if (!image || !DATA_IMAGE.test(image))
    throw fail(400, 'The profile picture must be a base64 PNG, JPEG, GIF or WebP image of at most 512 KiB');
  user.profilePictureUrl = image;
  return new PreviewReply(200, image, 'text/plain');
}

/** The email changes when the (imaginary) mailed code comes back: any code but 000000. */
function verifyEmail(req: PreviewRequest) {
  const { email, code } = parseWith(prc.verifyEmail.body, req.body);
  const user = signedInUser(req.state);
  if (code === '000000') throw fail(400, 'The code is invalid or has expired');
  if (req.state.users.some((u) => u.id !== user.id && u.email.toLowerCase() === email))
    throw fail(409, 'This email is already in use');
  user.email = email;
  user.verified = true;
  return {};
}

export const profileHandlers: PreviewRoute[] = [
  on(paths.teams.updateEmail, (req) => {
    parseWith(prc.updateEmail.body, req.body);
    signedInUser(req.state);
    return {};
  }),
  on(paths.teams.verifyEmail, verifyEmail),
  on(paths.teams.updateProfileImage, updateProfileImage),
];
