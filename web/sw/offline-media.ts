/** Placeholder: the service worker module offline-media, written in its own branch. */
export {};
