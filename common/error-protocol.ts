/**
 * One error protocol: every refusal answers `{ error: <stable snake_case code>, message: <human
 * text>, issues? }`. Each feature keeps its codes and their texts in `common/<feature>/errors.ts`,
 * a catalogue of this type; `common/errors.ts` joins them, and nothing it joins imports it back.
 */
export type ErrorCatalogue = Record<string, string>;
