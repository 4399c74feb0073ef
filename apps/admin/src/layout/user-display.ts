interface NamedUser {
  name?: string | null;
  email?: string | null;
}

/** First letter of the name, else of the email, else 'U'. */
export function avatarLetter(user: NamedUser): string {
  const source = user.name?.trim() || user.email?.trim() || '';
  return source ? source.charAt(0).toUpperCase() : 'U';
}

/** The name, else the email, else 'User'. */
export function displayName(user: NamedUser): string {
  return user.name?.trim() || user.email?.trim() || 'User';
}
