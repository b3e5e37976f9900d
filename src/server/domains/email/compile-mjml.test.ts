// MJML compiled away from the serving thread: the same HTML MJML itself makes, and a mistake in the
// markup refused with MJML's own message rather than mailed.
import { describe, expect, it } from 'vitest';
import { compileMjml } from './compile-mjml';

describe('compileMjml', () => {
  it('answers the HTML of valid markup', async () => {
    const html = await compileMjml(
      '<mjml><mj-body><mj-section><mj-column><mj-text>Hello rider</mj-text></mj-column></mj-section></mj-body></mjml>',
    );
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Hello rider');
  });

  it('refuses markup MJML finds invalid, saying why', async () => {
    await expect(compileMjml('<mjml><mj-body><mj-text>Not in a column</mj-text></mj-body></mjml>')).rejects.toThrow(/mj-text/);
  });

  it('stops a compile that outlives its deadline, and says so', async () => {
    await expect(compileMjml('<mjml><mj-body></mj-body></mjml>', 1)).rejects.toThrow('The MJML compiler did not answer within 1 ms');
  });
});
