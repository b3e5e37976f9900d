// The login form: every validation message of SPEC.md §5 under its field, and only valid input submitted.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { LoginForm } from './LoginForm';

function renderForm() {
  const onSubmit = vi.fn(async (_input: unknown) => {});
  const sendReset = vi.fn(async (_email: string) => {});
  render(<LoginForm pending={false} onSubmit={onSubmit} reset={{ sending: false, notice: null, sendReset }} />);
  return { onSubmit, sendReset, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('asks for a reset link for the typed email, checked as at sign-in, without the password', async () => {
    const { onSubmit, sendReset, user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.queryByText(messages.passwordRequired)).not.toBeInTheDocument();
    expect(sendReset).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), ' casey@example.com ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(sendReset).toHaveBeenCalledWith('casey@example.com');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Email is required and Password is required when submitted empty, and submits nothing', async () => {
    const { onSubmit, user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.emailRequired)).toHaveClass('text-error');
    expect(screen.getByText(messages.passwordRequired)).toHaveClass('text-error');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Provide a valid Email for an address without a domain', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'casey@workshop');
    await user.type(screen.getByLabelText('Password'), 'sprocket123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Must be 6 character or or longer for a five-character password', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid email and password', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Email'), '  casey@example.com ');
    await user.type(screen.getByLabelText('Password'), 'sprocket123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'casey@example.com', password: 'sprocket123' });
    expect(screen.queryByText(messages.emailInvalid)).not.toBeInTheDocument();
  });
});
