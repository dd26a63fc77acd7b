import { z } from 'zod';

// zod probes `new Function` to speed up parsing; the strict CSP (no 'unsafe-eval') reports that
// probe as a violation. Imported first in main.tsx so no schema parses before it.
z.config({ jitless: true });
