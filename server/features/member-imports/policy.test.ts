import { describe, expect, it } from 'vitest';
import { canImportMembers, canUseImport } from './policy';

const member = { id: 'm', isAdmin: false, isFacilitator: false };
const facilitator = { id: 'f', isAdmin: false, isFacilitator: true };
const other = { id: 'o', isAdmin: false, isFacilitator: true };
const admin = { id: 'a', isAdmin: true, isFacilitator: false };

describe('who may import members', () => {
  it.each([
    ['a member', member, false, false],
    ['the facilitator who uploaded it', facilitator, true, true],
    ['another facilitator', other, true, false],
    ['an admin', admin, true, true],
  ])('%s: imports %s, uses this import %s', (_who, actor, imports, uses) => {
    expect(canImportMembers(actor)).toBe(imports);
    expect(canUseImport(actor, { facilitatorId: 'f' })).toBe(uses);
  });
});
