// What an admin types in a list's search box is searched without the spaces around it.
import { describe, expect, it } from 'vitest';
import { adminOrdersInputSchema, adminUsersInputSchema, auditLogInputSchema } from './admin-lists';

describe('admin list searches', () => {
  it.each([
    ['orders', adminOrdersInputSchema],
    ['users', adminUsersInputSchema],
    ['audit log', auditLogInputSchema],
  ])('the %s search drops the spaces around what was typed', (_list, schema) => {
    expect(schema.parse({ q: '  booker-42  ' }).q).toBe('booker-42');
    expect(schema.parse({}).q).toBe('');
  });
});
