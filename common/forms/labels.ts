/**
 * A field's label derives from the last part of its dotted path, split at capitals.
 * `user.confirmPassword` -> 'Confirm Password', `memberCap` -> 'Member Cap', `imageURL` -> 'Image URL'.
 * Array indices are skipped (`tags.0` -> 'Tags'); snake_case and kebab-case split too.
 */
export function labelFromPath(path: string): string {
  const parts = path.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  const last = parts[parts.length - 1] ?? '';
  const words = last
    .replace(/[_-]+/g, ' ')
    // 'confirmPassword' -> 'confirm Password', 'step2Done' -> 'step2 Done'
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // 'URLPath' -> 'URL Path': an acronym ends where a capitalised word begins
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
