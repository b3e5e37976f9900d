// The Content-Security-Policy forbids eval: zod must neither compile its parsers nor probe for eval.
// zod decides when each object schema is built, so this module is imported before any schema
// module (boot.tsx imports it first).
import { z } from 'zod';

z.config({ jitless: true });
