import * as rruleModule from 'rrule';

/**
 * rrule's package has no "exports" map: bundlers read its ES module build, where RRule is a named
 * export, while Node loads its CommonJS build, whose exports sit on `default`. Both end up here.
 */
const loaded: typeof rruleModule =
  'RRule' in rruleModule && rruleModule.RRule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default;

export const { RRule, Frequency } = loaded;
