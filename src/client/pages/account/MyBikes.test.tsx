// My bikes in the profile: the saved bikes with what each records; adding one with the standards
// chosen (the rest left out), editing one, and removing one after asking.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';
import { MyBikes } from './MyBikes';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const gravel = { id: '5c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a01', name: 'Gravel bike', standards: { speeds: '12', freehub: 'sram-xdr' } };

function renderBikes(create: (input: unknown) => unknown = (input) => ({ id: 'new', ...(input as object) })) {
  return renderWithApi(<MyBikes />, {
    procedures: {
      'bikes.list': () => [gravel],
      'bikes.create': create,
      'bikes.update': (input) => input,
      'bikes.remove': () => ({ removed: true }),
    },
    at: '/dashboard/profile',
  });
}

describe('My bikes', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the saved bikes and adds one with the standards chosen, the rest not recorded', async () => {
    const user = userEvent.setup();
    const { calls } = renderBikes();
    expect(await screen.findByText('Gravel bike')).toBeInTheDocument();
    expect(screen.getByText('Speeds 12 · Freehub body SRAM XDR')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a bike' }));
    const form = screen.getByRole('form', { name: 'Add a bike' });
    await user.click(within(form).getByRole('button', { name: 'Add bike' }));
    expect(await within(form).findByText(messages.bikeNameRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'bikes.create')).toEqual([]);

    await user.type(within(form).getByLabelText('Bike name'), 'Commuter');
    await user.selectOptions(within(form).getByLabelText('Wheel size'), '700c / 29"');
    await user.selectOptions(within(form).getByLabelText('Brakes'), 'Rim');
    await user.click(within(form).getByRole('button', { name: 'Add bike' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.bikeSaved));
    expect(callsTo(calls, 'bikes.create')).toEqual([{ name: 'Commuter', standards: { wheelSize: '622', brakeType: 'rim' } }]);
  });

  it('edits a bike, a standard set back to not recorded included', async () => {
    const user = userEvent.setup();
    const { calls } = renderBikes();
    await user.click(await screen.findByRole('button', { name: 'Edit Gravel bike' }));
    const form = screen.getByRole('form', { name: 'Edit Gravel bike' });
    expect(within(form).getByLabelText('Speeds')).toHaveValue('12');
    await user.selectOptions(within(form).getByLabelText('Freehub body'), 'Not recorded');
    await user.click(within(form).getByRole('button', { name: 'Save bike' }));
    await waitFor(() =>
      expect(callsTo(calls, 'bikes.update')).toEqual([{ id: gravel.id, name: 'Gravel bike', standards: { speeds: '12' } }]),
    );
  });

  it('removes a bike only after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderBikes();
    await user.click(await screen.findByRole('button', { name: 'Remove Gravel bike' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmRemoveBike('Gravel bike'));
    expect(callsTo(calls, 'bikes.remove')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove bike' }));
    await waitFor(() => expect(callsTo(calls, 'bikes.remove')).toEqual([{ id: gravel.id }]));
  });
});
