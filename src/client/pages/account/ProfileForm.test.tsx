// Edit profile: the saved values to start from, the server's rules before anything is sent, and a
// saved profile told to Firebase too.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { fakeFirebaseKit } from '../../testing/fake-firebase';
import { ProfileForm } from './ProfileForm';

vi.mock('../../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  email: 'casey@example.com',
  emailVerified: true,
  displayName: 'Casey Customer',
  photoURL: null,
  role: 'user' as const,
  phone: '555 0100',
  address: null,
  companyName: null,
  vatId: null,
};

const saved: FakeProcedure = (input) => {
  const { displayName, photoUrl, phone, address } = input as Record<string, string>;
  const none = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return { displayName: displayName?.trim(), photoUrl: none(photoUrl), phone: none(phone), address: none(address) };
};

function renderForm(updateProfile: FakeProcedure = saved) {
  return renderWithApi(<ProfileForm me={me} />, {
    procedures: { 'users.updateProfile': updateProfile, 'users.me': () => me },
    at: '/dashboard/profile',
  });
}

describe('ProfileForm', () => {
  let fake: ReturnType<typeof fakeFirebaseKit>;
  beforeEach(() => {
    vi.clearAllMocks();
    fake = fakeFirebaseKit();
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('starts from the saved name, photo, phone and address', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Casey Customer');
    expect(screen.getByLabelText('Photo URL')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue('555 0100');
    expect(screen.getByLabelText('Address')).toHaveValue('');
  });

  it('saves the profile (a company and a normalised VAT ID too) on the server, then tells Firebase the new name and photo', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ada Rider');
    await user.type(screen.getByLabelText('Photo URL'), 'https://lh3.googleusercontent.com/a/ada');
    await user.type(screen.getByLabelText('Address'), '12 Chain Lane, Leeds');
    await user.type(screen.getByLabelText('Company (optional)'), 'Ada Cycles Ltd');
    await user.type(screen.getByLabelText('VAT ID (optional)'), 'de 293 847 560');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.profileSaved));
    expect(callsTo(calls, 'users.updateProfile')).toEqual([
      {
        displayName: 'Ada Rider',
        photoUrl: 'https://lh3.googleusercontent.com/a/ada',
        phone: '555 0100',
        address: '12 Chain Lane, Leeds',
        companyName: 'Ada Cycles Ltd',
        vatId: 'DE293847560',
      },
    ]);
    await waitFor(() =>
      expect(fake.sdk.updateProfile).toHaveBeenCalledWith(fake.kit.auth.currentUser, {
        displayName: 'Ada Rider',
        photoURL: 'https://lh3.googleusercontent.com/a/ada',
      }),
    );
  });

  it.each([
    ['Name', '', messages.nameRequired],
    ['Photo URL', 'https://tracker.example/pixel.png', messages.photoUrlNotAllowed],
    ['Phone', 'call me', messages.phoneInvalid],
  ])('refuses a bad %s under its field and sends nothing', async (label, value, message) => {
    const user = userEvent.setup();
    const { calls } = renderForm();

    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(message)).toHaveClass('text-error');
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(callsTo(calls, 'users.updateProfile')).toEqual([]);
  });

  it('shows the server’s refusal and leaves Firebase alone', async () => {
    const user = userEvent.setup();
    renderForm(() => {
      throw apiError(429, messages.tooManyRequests);
    });

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.tooManyRequests));
    expect(fake.sdk.updateProfile).not.toHaveBeenCalled();
  });
});
