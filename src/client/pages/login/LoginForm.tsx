// The email and password form of /login, validated with the shared loginSchema (messages of SPEC.md §5),
// and "Forgot password?", which sends a reset link to the email typed in it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '../../../shared/auth';
import type { PasswordReset } from '../../auth/usePasswordReset';
import { FormField } from '../../components/FormField';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (input: LoginInput) => Promise<void>;
  reset: PasswordReset;
}

export function LoginForm({ pending, onSubmit, reset }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  /** Only the email is needed, and checked with the same rule as signing in. */
  async function forgotPassword() {
    if (await trigger('email')) await reset.sendReset(getValues('email').trim());
  }

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(field) => <input {...field} {...register('email')} type="email" autoComplete="email" className="input w-full" />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(field) => (
          <input {...field} {...register('password')} type="password" autoComplete="current-password" className="input w-full" />
        )}
      </FormField>
      <div className="-mt-2 flex justify-end">
        <button
          type="button"
          className="btn btn-link btn-sm px-0 text-sm"
          disabled={reset.sending}
          onClick={() => void forgotPassword()}
        >
          Forgot password?
        </button>
      </div>
      {reset.notice ? (
        <p
          role={reset.notice.kind === 'sent' ? 'status' : 'alert'}
          className={`text-sm ${reset.notice.kind === 'sent' ? 'alert alert-info alert-soft' : 'font-medium text-error'}`}
        >
          {reset.notice.text}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Login
      </button>
    </form>
  );
}
