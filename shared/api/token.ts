import { jwtDecode, type JwtPayload } from 'jwt-decode';
import { ApiError, INVALID_TOKEN_MESSAGE } from './errors';

export type { JwtPayload };

/** Decodes a JWT payload (no signature check: the server checks it); any failure is 'Invalid token specified' (API-015). */
export function decodeToken<T extends object = JwtPayload>(token: string | null | undefined): T {
  if (typeof token !== 'string' || token === '') throw new ApiError(INVALID_TOKEN_MESSAGE);
  try {
    const payload = jwtDecode<T>(token);
    if (!payload || typeof payload !== 'object') throw new ApiError(INVALID_TOKEN_MESSAGE);
    return payload;
  } catch (cause) {
    throw new ApiError(INVALID_TOKEN_MESSAGE, undefined, { cause });
  }
}
