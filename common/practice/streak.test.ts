import { describe, expect, it } from 'vitest';
import { formatEngagement, ordinal, streakLine } from './streak';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
  ])('%i -> %s', (n, text) => expect(ordinal(n)).toBe(text));
  it('builds the streak line', () => expect(streakLine(12)).toBe('This is your 12th day in a row!'));
});

describe('formatEngagement', () => {
  it('shows minutes, then hours and minutes', () => {
    expect(formatEngagement(59)).toBe('0 min');
    expect(formatEngagement(12 * 60)).toBe('12 min');
    expect(formatEngagement(65 * 60)).toBe('1 h 5 min');
  });
});
