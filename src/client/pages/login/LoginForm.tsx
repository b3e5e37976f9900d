// The email and password form of /login, validated with the shared loginSchema (messages of SPEC.md §5).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '../../../shared/auth';
import { FormField } from '../../components/FormField';

export function LoginForm({ pending, onSubmit }: { pending: boolean; onSubmit: (input: LoginInput) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

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
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Login
      </button>
    </form>
  );
}
