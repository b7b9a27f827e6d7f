import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (about 14 ms a verify here).
const params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, params);

// Verifying against this for unknown users keeps their answer time like a known user's (no enumeration).
let dummyHash: Promise<string> | null = null;

/** True when the password matches; an absent hash still costs one verify. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null && passwordHash !== undefined;
}
