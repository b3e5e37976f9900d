// @trpc/server is used with patches/@trpc+server+11.19.0.patch applied at install time (see
// docs/decisions/0026-trpc-object-spread-patch.md): its object-spread helper, run twice for every
// middleware of every call, becomes native spread. This fails first when an install skipped or lost
// the patch, and proves the patched helper copies what the original did.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('@trpc/server'));
/** The helper's module in both builds the package ships (import and require). */
const helperBuilds = ['getErrorShape-B0JBUs-i.mjs', 'getErrorShape-DeIapApr.cjs'];

describe('the installed @trpc/server', () => {
  it.each(helperBuilds)('spreads objects natively in %s', (file) => {
    const source = readFileSync(join(distDir, file), 'utf8');
    expect(source).toMatch(
      /function _objectSpread2\(e\) \{\n(?:\t*\/\/.*\n)*\t*for \(var r = 1; r < arguments\.length; r\+\+\) \{\n\t*var t = arguments\[r\];\n\t*if \(t != null\) e = \{ \.\.\.e, \.\.\.t \};/,
    );
  });

  it('hands middlewares the input, meta and context they were given, merged as before', async () => {
    const t = initTRPC.context<{ shop: string; user?: string }>().meta<{ label: string }>().create();
    const seen: unknown[] = [];
    const procedure = t.procedure
      .meta({ label: 'catalogue' })
      .use(({ meta, next }) => {
        seen.push(meta?.label);
        return next({ ctx: { user: 'ada' } });
      })
      // Two parsers: tRPC merges what each returns, with the helper the patch replaces.
      .input((raw: unknown) => ({ limit: (raw as { limit: number }).limit }))
      .input((raw: unknown) => raw as { limit: number; admin?: boolean })
      .query(({ ctx, input }) => {
        const merged = input as Record<string, unknown>;
        return { ctx, input: merged, prototypeUntouched: Object.getPrototypeOf(merged) === Object.prototype };
      });
    const caller = t.createCallerFactory(t.router({ procedure }))({ shop: 'sprocket' });

    // An input key named __proto__ (JSON.parse makes it an own property) stays data: it must never
    // become the prototype of the object a middleware sees.
    const answer = await caller.procedure(JSON.parse('{"limit": 6, "__proto__": {"admin": true}}') as { limit: number });

    expect(seen).toEqual(['catalogue']);
    expect(answer.ctx).toEqual({ shop: 'sprocket', user: 'ada' });
    expect(answer.input.limit).toBe(6);
    expect(answer.prototypeUntouched).toBe(true);
    expect((answer.input as { admin?: boolean }).admin).toBeUndefined();
  });
});
