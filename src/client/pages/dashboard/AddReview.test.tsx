// Add A Review: ratings outside 1–5 (0 included) are refused with "please give rating 1-5"; a good one is posted.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import AddReview from './AddReview';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  return renderWithApi(<AddReview />, {
    procedures: { 'reviews.create': (input) => ({ _id: 'r1', name: 'Casey', img: '', createdAt: '', ...(input as object) }) },
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
});
