/** Placeholder: the service worker module offline-data, written in its own branch. */
export {};
