// Runs as soon as it arrives, before the app's entry has run (index.html loads it async, and it
// imports nothing): for a signed-in visitor, it asks for the chunks of the signed-in layout and of the
// page at this path, so they download beside the app's entry instead of after it has run and the
// router has asked for them. A signed-out visitor (/login) loads nothing more.
// The list is written into index.html at build time (scripts/build/boot-preloads.ts).

type Preloads = { signedIn: string[]; pages: Record<string, string[]> };

function preload() {
  const list = document.getElementById('tend-preloads');
  // the key web/api/client.ts keeps the session token under
  if (!list || !localStorage.getItem('token')) return;
  const { signedIn, pages } = JSON.parse(list.textContent ?? '{}') as Preloads;
  for (const href of [...signedIn, ...(pages[location.pathname] ?? [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

// index.html puts the list before this script: the parser has passed it when this runs
try {
  preload();
} catch {
  // storage refused, or a list it cannot read: the app loads its chunks itself, as before
}

export {};
