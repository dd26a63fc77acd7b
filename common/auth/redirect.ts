// The `rd` check (a return address after sign-in stays on this site), apart from the schemas: the
// web's entry uses it and loads no zod.

/**
 * A same-site relative path: '/x', never '//host' or 'https://host', so no link can send a
 * signed-in user on to another site.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\\]/.test(value)) return undefined;
  return value;
}
