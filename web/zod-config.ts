import { config } from 'zod/mini';
import { en } from 'zod/v4/locales';

// zod probes `new Function` to speed up parsing; the strict CSP (no 'unsafe-eval') reports that
// probe as a violation. Imported first in main.tsx so no schema parses before it. The screens on
// the way in (/login) build their few schemas with zod/mini (issue 19: the login route's
// JavaScript), which registers no locale: English here keeps zod's default messages as they were.
config({ jitless: true });
config(en());
