// Audit log: admins see who did what, newest first, with readable action names.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, renderWithApi } from '../../testing/api-test-harness';
import AuditLog from './AuditLog';

describe('Audit log', () => {
  it('lists each admin action with who did it and its subject', async () => {
    renderWithApi(<AuditLog />, {
      auth: admin,
      procedures: {
        'users.auditLog': () => [
          {
            _id: 'e2',
            actorEmail: 'admin@example.com',
            action: 'user.make_admin',
            subject: 'rider@example.com',
            createdAt: '2026-11-22T10:00:00.000Z',
          },
          {
            _id: 'e1',
            actorEmail: 'boss@example.com',
            action: 'part.delete',
            subject: 'Handlebars (t1)',
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
      },
    });

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Made admin')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('rider@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Deleted part')).toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    renderWithApi(<AuditLog />, { auth: admin, procedures: { 'users.auditLog': () => [] } });
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
