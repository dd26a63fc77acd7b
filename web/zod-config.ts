import { config } from 'zod/mini';
import { en } from 'zod/v4/locales';

// zod probes `new Function` to speed up parsing; the strict CSP (no 'unsafe-eval') reports that
// probe as a violation. The build imports this module ahead of every `zod` / `zod/mini` import of
// web/ and common/ (zodConfiguredFirst in scripts/build/web-chunks.ts), so no schema is built
// before it and a page without schemas (/login) loads no zod. zod/mini registers no locale:
// English here keeps zod's default messages as they were.
config({ jitless: true });
config(en());
