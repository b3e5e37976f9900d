// Audit log: admins see who did what, newest first, with readable action names.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';
import AuditLog from './AuditLog';

describe('Audit log', () => {
  it('lists each admin action with who did it and its subject', async () => {
    renderWithApi(<AuditLog />, {
      auth: admin,
      procedures: {
        'users.auditLog': () => ({
          items: [
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
          nextCursor: null,
        }),
      },
    });

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Made admin')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('rider@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Deleted part')).toBeInTheDocument();
  });

  it('loads older actions with Show more actions', async () => {
    const event = (id: string, subject: string) => ({
      _id: id,
      actorEmail: 'admin@example.com',
      action: 'order.ship',
      subject,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    renderWithApi(<AuditLog />, {
      auth: admin,
      procedures: {
        'users.auditLog': (input) =>
          (input as { cursor?: string }).cursor === '9'
            ? { items: [event('e1', 'older order')], nextCursor: null }
            : { items: [event('e2', 'newer order')], nextCursor: '9' },
      },
    });

    expect(await screen.findByText('newer order')).toBeInTheDocument();
    expect(screen.queryByText('older order')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more actions' }));

    expect(await screen.findByText('older order')).toBeInTheDocument();
    expect(screen.getByText('newer order')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more actions' })).not.toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    renderWithApi(<AuditLog />, { auth: admin, procedures: { 'users.auditLog': () => ({ items: [], nextCursor: null }) } });
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });

  it('searches the actions by the words in the address, and puts a new search there', async () => {
    const { calls } = renderWithApi(<AuditLog />, {
      auth: admin,
      at: '/dashboard/auditlog?q=order.ship',
      routePath: '/dashboard/auditlog',
      procedures: { 'users.auditLog': () => ({ items: [], nextCursor: null }) },
    });

    expect(await screen.findByText('No admin actions match this search.')).toBeInTheDocument();
    expect(callsTo(calls, 'users.auditLog')).toEqual([{ direction: 'forward', limit: 50, q: 'order.ship' }]);
    const box = screen.getByRole('searchbox', { name: 'Search actions' });
    await userEvent.clear(box);
    await userEvent.type(box, 'boss@example.com{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, 'users.auditLog').at(-1)).toEqual({ direction: 'forward', limit: 50, q: 'boss@example.com' }),
    );
  });
});
