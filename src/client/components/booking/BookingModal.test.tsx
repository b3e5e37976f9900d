// The booking modal: the quantity rule (minimum order to available stock), what a booking sends, refusals, keyboard use.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { BookingModal } from './BookingModal';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const headsets = {
  _id: '1e0c8c8e-3d3b-4f59-b4a4-6c2b7f0f9e21',
  name: 'Bike Headsets',
  img: '/images/parts/bike-headsets.svg',
  price: 39,
  minimumOrderQuantity: 5,
  available: 43,
  description: 'Sealed cartridge bearings for a smooth, tight steering.',
  reviewCount: 0,
  averageRating: null,
  variantCount: 1,
};

const booked: FakeProcedure = (input) => ({ _id: 'b1', ...(input as object) });

const nothingSaved: FakeProcedure = () => ({ phone: null, address: null });

function openModal(create: FakeProcedure = booked, me: FakeProcedure = nothingSaved) {
  const onClose = vi.fn();
  const view = renderWithApi(<BookingModal tool={headsets} onClose={onClose} />, {
    procedures: { 'bookings.create': create, 'users.me': me },
  });
  return { ...view, onClose };
}

async function fillAndBook(quantity: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
  await user.type(screen.getByLabelText('Address'), '1 Chain Street, Springfield');
  await user.clear(screen.getByLabelText('Quantity'));
  await user.type(screen.getByLabelText('Quantity'), quantity);
  await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
}

describe('BookingModal', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the part, the signed-in name and email read-only, and the minimum order as the quantity', () => {
    openModal();

    expect(screen.getByRole('dialog', { name: 'Book Bike Headsets' })).toBeInTheDocument();
    expect(screen.getByLabelText('Part')).toHaveValue('Bike Headsets');
    expect(screen.getByLabelText('Name')).toHaveValue('Casey Customer');
    expect(screen.getByLabelText('Email')).toHaveValue('customer@example.com');
    for (const label of ['Part', 'Name', 'Email']) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue(5);
  });

  it('starts from the phone and address saved on My Profile, and books with them', async () => {
    const { calls } = openModal(booked, () => ({ phone: '+44 20 7946 0958', address: '12 Chain Lane, Leeds' }));

    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0958'));
    expect(screen.getByLabelText('Address')).toHaveValue('12 Chain Lane, Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(callsTo(calls, 'bookings.create')).toHaveLength(1));
    expect(callsTo(calls, 'bookings.create')[0]).toMatchObject({ phone: '+44 20 7946 0958', address: '12 Chain Lane, Leeds' });
  });

  it('refuses a quantity below the minimum order with the toast and books nothing', async () => {
    const { calls, onClose } = openModal();

    await fillAndBook('4');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.quantityOutOfRange));
    expect(callsTo(calls, 'bookings.create')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a quantity above the available stock with the toast and books nothing', async () => {
    const { calls } = openModal();

    await fillAndBook('44');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.quantityOutOfRange));
    expect(callsTo(calls, 'bookings.create')).toEqual([]);
  });

  it('refuses a missing quantity with the toast even when other fields are empty too', async () => {
    const user = userEvent.setup();
    const { calls } = openModal();

    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.quantityOutOfRange));
    expect(screen.getByText(messages.phoneRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'bookings.create')).toEqual([]);
  });

  it('books a valid quantity with the part, the details and the total shown, then says so and closes', async () => {
    const { calls, onClose } = openModal();

    await fillAndBook('10');

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.booked));
    expect(callsTo(calls, 'bookings.create')).toEqual([
      { toolsId: headsets._id, phone: '+1 555 0100', address: '1 Chain Street, Springfield', amount: 10, price: 390 },
    ]);
    expect(screen.getByText('$390.00')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('books with "Book and pay now" and goes on to the order’s payment page', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = openModal();
    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await user.type(screen.getByLabelText('Address'), '1 Chain Street, Springfield');

    await user.click(screen.getByRole('button', { name: 'Book and pay now' }));

    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(callsTo(calls, 'bookings.create')).toEqual([
      { toolsId: headsets._id, phone: '+1 555 0100', address: '1 Chain Street, Springfield', amount: 5, price: 195 },
    ]);
    expect(toast.success).toHaveBeenCalledWith(messages.booked);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal (out of stock) as an error toast and stays open', async () => {
    const { onClose } = openModal(() => {
      throw apiError(409, messages.outOfStock(3));
    });

    await fillAndBook('5');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sorry, only 3 left in stock.'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says which hold limit was reached and how to free it, with a way to My Order, and stays open', async () => {
    const { onClose } = openModal(() => {
      throw apiError(412, messages.holdLimitBookings(10));
    });

    await fillAndBook('5');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.holdLimitBookings(10));
    expect(alert).toHaveTextContent('Pay or cancel an unpaid order');
    expect(screen.getByRole('link', { name: 'Go to My Order' })).toHaveAttribute('href', '/dashboard');
    expect(toast.error).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts on the phone field, keeps Tab inside and closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = openModal();

    expect(screen.getByLabelText('Phone')).toHaveFocus();
    screen.getByRole('button', { name: 'Book and pay now' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Book and pay now' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('still closes on Escape and keeps Tab inside after a refused booking', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const refuse: FakeProcedure = () => {
      throw apiError(409, messages.outOfStock(3));
    };
    renderWithApi(
      <>
        <a href="/blogs">A link on the page behind the modal</a>
        <BookingModal tool={headsets} onClose={onClose} />
      </>,
      { procedures: { 'bookings.create': refuse, 'users.me': nothingSaved } },
    );

    await fillAndBook('5');
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    // Where a browser leaves the focus once the disabled submit button let go of it.
    (document.activeElement as HTMLElement | null)?.blur();

    await user.tab();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
