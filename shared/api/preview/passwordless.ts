// Pre-login and passwordless sign-in in the preview: no SSO domains (pre-login answers nothing), codes and
// links only for the strategy the sample vendor offers, and no code ever matches (the preview sends none).
import { passwordlessContracts as c, passwordlessStrategy } from '../contracts/passwordless';
import { paths } from '../paths';
import { fail, on, parseWith, type PreviewRequest, type PreviewRoute } from './common';

const PASSWORDLESS_FAILED = 'Failed to authenticate';

const preLogin = (req: PreviewRequest) => {
  parseWith(c.preLoginV2.body, req.body);
  return {};
};

/** The path's passwordless type (ENUM-039 in lower case); any other is not found, as on the server. */
const typeOf = (raw: string | undefined) => {
  const type = c.passwordlessPreLogin.params.safeParse({ mappedType: (raw ?? '').toLowerCase() });
  if (!type.success) throw fail(404, 'Not found');
  return type.data.mappedType;
};

export const passwordlessHandlers: PreviewRoute[] = [
  on(paths.auth.preLoginV2, preLogin),
  on(paths.auth.preLogin, preLogin),
  on(paths.auth.passwordlessPreLogin, (req) => {
    const type = typeOf(req.params.mappedType);
    parseWith(c.passwordlessPreLogin.body, req.body);
    const main = req.state.authStrategies.mainAuthStrategies.find((s) => s.isActive !== false);
    if (main?.strategy !== passwordlessStrategy[type]) throw fail(400, 'This sign-in method is not enabled');
    return {};
  }),
  on(paths.auth.passwordlessPostLogin, (req) => {
    typeOf(req.params.type);
    parseWith(c.passwordlessPostLogin.body, req.body);
    throw fail(401, PASSWORDLESS_FAILED);
  }),
];
