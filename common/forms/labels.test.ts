import { describe, expect, it } from 'vitest';
import { labelFromPath } from './labels';

describe('labelFromPath', () => {
  it.each([
    ['email', 'Email'],
    ['confirmPassword', 'Confirm Password'],
    ['user.confirmPassword', 'Confirm Password'],
    ['user.email', 'Email'],
    ['metaData.ref', 'Ref'],
    ['isFacilitator', 'Is Facilitator'],
    ['memberCap', 'Member Cap'],
    ['twoFactorEnabled', 'Two Factor Enabled'],
    ['profilePictureURL', 'Profile Picture URL'],
    ['URLPath', 'URL Path'],
    ['created_at', 'Created At'],
    ['tags.0', 'Tags'],
    ['comments.3.text', 'Text'],
    ['', ''],
  ])('%s -> %s', (path, label) => {
    expect(labelFromPath(path)).toBe(label);
  });
});
