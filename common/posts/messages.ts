// The posts texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const EMPTY_POST = 'Write something or add media';

export const NO_ANONYMOUS_POSTS = 'This group does not allow anonymous posts.';
