// The API keys page: creating a key with its scopes (a shop key for an admin), the key shown once
// with its warning and gone once dismissed, the list with last use, and revoking only after asking.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages } from '../../../shared/api-key-messages';
import type { ApiKeyView } from '../../../shared/api-keys';
import { admin, apiError, callsTo, customer, renderWithApi } from '../../testing/api-test-harness';
import ApiKeys from './ApiKeys';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const warehouse: ApiKeyView = {
  id: '5c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a01',
  name: 'Warehouse sync',
  prefix: 'spk_live_AbCd1234',
  scopes: ['catalogue:read', 'orders:read'],
  kind: 'customer',
  createdBy: 'customer@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-26T14:30:00.000Z',
  revokedAt: null,
};
const SECRET = 'spk_live_AbCd1234efghijklmnopqrstuvwxyz0123456789-_AB';

function renderKeys(
  auth = customer,
  create: (input: unknown) => unknown = (input) => ({ key: SECRET, apiKey: { ...warehouse, ...(input as object) } }),
) {
  return renderWithApi(<ApiKeys />, {
    auth,
    at: '/dashboard/apikeys',
    procedures: {
      'apiKeys.list': () => [warehouse],
      'apiKeys.create': create,
      'apiKeys.revoke': () => ({ ...warehouse, revokedAt: '2026-11-27T10:00:00.000Z' }),
    },
  });
}

describe('API keys', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the keys by prefix with their scopes and last use, never a secret', async () => {
    renderKeys();
    const row = (await screen.findByText('Warehouse sync')).closest('tr')!;
    expect(row).toHaveTextContent('spk_live_AbCd1234…');
    expect(row).toHaveTextContent('catalogue:read, orders:read');
    expect(row).toHaveTextContent('Nov 26, 2026, 2:30 PM UTC');
  });

  it('creates a key with the scopes ticked and shows it once, with the warning, until dismissed', async () => {
    const user = userEvent.setup();
    const { calls } = renderKeys();
    const form = screen.getByRole('form', { name: 'Create an API key' });
    expect(within(form).queryByText(/A key for the shop/)).not.toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: /Read the catalogue/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(apiKeyMessages.nameRequired)).toBeInTheDocument();
    expect(await within(form).findByText(apiKeyMessages.scopesRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'apiKeys.create')).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'ERP');
    await user.click(within(form).getByRole('checkbox', { name: /Read orders/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Place and cancel orders/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByDisplayValue(SECRET)).toHaveAttribute('readonly');
    expect(screen.getByText(apiKeyMessages.shownOnce)).toBeInTheDocument();
    expect(callsTo(calls, 'apiKeys.create')).toEqual([{ name: 'ERP', scopes: ['orders:read', 'orders:write'], forShop: false }]);

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('lets an admin make a shop key, ticked by default', async () => {
    const user = userEvent.setup();
    const { calls } = renderKeys(admin);
    const form = screen.getByRole('form', { name: 'Create an API key' });
    expect(within(form).getByRole('checkbox', { name: /A key for the shop/ })).toBeChecked();
    await user.type(within(form).getByLabelText('Name'), 'Marketplace feed');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(callsTo(calls, 'apiKeys.create')).toEqual([{ name: 'Marketplace feed', scopes: ['catalogue:read'], forShop: true }]),
    );
  });

  it('shows the server’s refusal of a customer without a business profile', async () => {
    const user = userEvent.setup();
    renderKeys(customer, () => {
      throw apiError(403, apiKeyMessages.businessOnly);
    });
    const form = screen.getByRole('form', { name: 'Create an API key' });
    await user.type(within(form).getByLabelText('Name'), 'ERP');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(apiKeyMessages.businessOnly));
    expect(screen.queryByText(apiKeyMessages.shownOnce)).not.toBeInTheDocument();
  });

  it('revokes a key only after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderKeys();
    await user.click(await screen.findByRole('button', { name: 'Revoke Warehouse sync' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(apiKeyMessages.confirmRevoke('Warehouse sync'));
    await user.click(within(dialog).getByRole('button', { name: apiKeyMessages.keepKey }));
    expect(callsTo(calls, 'apiKeys.revoke')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Warehouse sync' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: apiKeyMessages.revokeKey }));
    await waitFor(() => expect(callsTo(calls, 'apiKeys.revoke')).toEqual([{ id: warehouse.id }]));
  });
});
