// The signup form: name is required plus the email and password messages of SPEC.md §5, and only valid input submitted.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { SignupForm } from './SignupForm';

function renderForm() {
  const onSubmit = vi.fn(async (_input: unknown) => {});
  render(<SignupForm pending={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('SignupForm', () => {
  it('says name is required, Email is required and Password is required when submitted empty', async () => {
    const { onSubmit, user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.nameRequired)).toHaveClass('text-error');
    expect(screen.getByText(messages.emailRequired)).toHaveClass('text-error');
    expect(screen.getByText(messages.passwordRequired)).toHaveClass('text-error');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats a name of only spaces as missing', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'sprocket123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Provide a valid Email and Must be 6 character or or longer for a bad email and short password', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Name'), 'Casey');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid name, email and password', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Name'), 'Casey Customer');
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'sprocket123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Casey Customer', email: 'casey@example.com', password: 'sprocket123' });
  });
});
