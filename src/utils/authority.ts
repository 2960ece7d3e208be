/**
 * Reads the authority list kept in local storage (a JSON list of ROLE_* values). Undefined when
 * there is no usable copy: nobody signed in on this device yet, or storage was cleared.
 */
export function parseStoredAuthorities(raw: string | null): string[] | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the signed-in user's authorities differ (as sets) from the stored copy: someone with
 * other rights signed in on this device, so a redirect left by the previous session is not followed.
 * Without a stored copy there is no previous session to compare with (first sign-in, or storage
 * cleared after an expired token), so the redirect back to where the user was is kept.
 */
export function authoritiesChanged(stored: readonly string[] | undefined, current: readonly string[]): boolean {
  if (stored === undefined) return false;
  const before = new Set(stored);
  const after = new Set(current);
  return before.size !== after.size || [...after].some((role) => !before.has(role));
}
