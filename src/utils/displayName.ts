/** The name shown for a user: first and last name when known, else the login. */
export function displayName(user: { login: string; firstName: string | null; lastName: string | null } | undefined) {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.login;
}
