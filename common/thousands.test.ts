import { describe, expect, it } from 'vitest';
import { withThousands } from './thousands';

describe('withThousands', () => {
  it.each([0, 7, 999, 1000, 50_000, 100_000, 1_234_567, -1_234_567])('writes %i as en-US does', (n) => {
    expect(withThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
