// Add A Review: ratings outside 1–5 (0 included) are refused with "please give rating 1-5"; a good one is posted.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import AddReview from './AddReview';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const part = (id: string, name: string) => ({
  _id: id,
  name,
  img: '',
  price: 10,
  minimumOrderQuantity: 1,
  available: 5,
  description: '',
});
const headsets = part('00000000-0000-4000-8000-000000000001', 'Bike Headsets');
const stems = part('00000000-0000-4000-8000-000000000002', 'Quill Bike Stems');
/** A part beyond the catalogue's first page, chosen by a part page's link. */
const seatposts = part('00000000-0000-4000-8000-000000000003', 'Bicycle Seatposts');

function renderForm(at = '/dashboard/addreview') {
  return renderWithApi(<AddReview />, {
    procedures: {
      'reviews.create': (input) => ({ _id: 'r1', name: 'Casey', img: '', createdAt: '', ...(input as object) }),
      'tools.list': () => ({ items: [headsets, stems], nextCursor: null }),
      'tools.byId': () => seatposts,
    },
    at,
    routePath: '/dashboard/addreview',
  });
}

async function submitReview(rating: string, text: string) {
  const user = userEvent.setup();
  if (rating) await user.type(screen.getByLabelText('Rating'), rating);
  if (text) await user.type(screen.getByLabelText('Review'), text);
  await user.click(screen.getByRole('button', { name: 'Submit review' }));
}

describe('Add A Review', () => {
  beforeEach(() => vi.clearAllMocks());

  it.each(['0', '6', '-1', '2.5'])('refuses rating %s with "please give rating 1-5" and posts nothing', async (rating) => {
    const { calls } = renderForm();

    await submitReview(rating, 'Smooth and quiet.');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.ratingOutOfRange));
    expect(screen.getByText(messages.ratingOutOfRange)).toBeInTheDocument();
    expect(callsTo(calls, 'reviews.create')).toEqual([]);
  });

  it('posts a rating of 5 with its text, says so and empties the form', async () => {
    const { calls } = renderForm();

    await submitReview('5', 'Smooth and quiet.');

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.reviewSubmitted));
    expect(callsTo(calls, 'reviews.create')).toEqual([{ rating: 5, text: 'Smooth and quiet.' }]);
    await waitFor(() => expect(screen.getByLabelText('Review')).toHaveValue(''));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('asks for the review text when it is empty', async () => {
    const { calls } = renderForm();

    await submitReview('4', '');

    expect(await screen.findByText(messages.reviewTextRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'reviews.create')).toEqual([]);
  });

  it('posts a review about the part chosen', async () => {
    const { calls } = renderForm();
    await screen.findByRole('option', { name: 'Quill Bike Stems' });

    await userEvent.selectOptions(screen.getByLabelText('Part (optional)'), 'Quill Bike Stems');
    await submitReview('4', 'Long enough for tall riders.');

    await waitFor(() =>
      expect(callsTo(calls, 'reviews.create')).toEqual([{ rating: 4, text: 'Long enough for tall riders.', toolsId: stems._id }]),
    );
  });

  it("starts with the part a part page's link chose, even beyond the catalogue's first page", async () => {
    const { calls } = renderForm(`/dashboard/addreview?part=${seatposts._id}`);

    await waitFor(() => expect(screen.getByLabelText('Part (optional)')).toHaveDisplayValue('Bicycle Seatposts'));
    await submitReview('5', 'Stiff and light.');

    await waitFor(() =>
      expect(callsTo(calls, 'reviews.create')).toEqual([{ rating: 5, text: 'Stiff and light.', toolsId: seatposts._id }]),
    );
  });
});
