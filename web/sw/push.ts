/** Placeholder: the service worker module push, written in its own branch. */
export {};
