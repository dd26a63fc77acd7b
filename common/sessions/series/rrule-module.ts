import * as rruleModule from 'rrule';

/**
 * rrule's package has no "exports" map: bundlers read its ES module build, where RRule is a named
 * export, while Node loads its CommonJS build, whose exports sit on `default`. Both end up here.
 */
const loaded: typeof rruleModule =
  'RRule' in rruleModule && rruleModule.RRule
    ? rruleModule
    : // read by name at run time: the bundler, which sees the ES build, would warn of a missing export
      (Reflect.get(rruleModule, 'default') as typeof rruleModule);

export const { RRule, Frequency } = loaded;
