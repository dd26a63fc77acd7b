// The uploads texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const IMAGE_TOO_BIG = 'File size too big. Images must be under 10mb';
