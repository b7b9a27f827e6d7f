// PostgreSQL errors as the drivers report them: PGlite and node-postgres put the SQLSTATE code on the error,
// drizzle wraps that error in `cause` (walked to the end: a wrapper may be wrapped again).
const hasCode = (error: unknown, code: string): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === code) return true;
  return false;
};

/** A unique-index violation (two writers racing past the duplicate check). */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505');
