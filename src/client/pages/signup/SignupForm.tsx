// The name, email and password form of /signup, validated with the shared signupSchema (messages of SPEC.md §5).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { signupSchema, type SignupInput } from '../../../shared/auth';
import { FormField } from '../../components/FormField';

export function SignupForm({ pending, onSubmit }: { pending: boolean; onSubmit: (input: SignupInput) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({ resolver: zodResolver(signupSchema) });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <FormField id="signup-name" label="Name" error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} type="text" autoComplete="name" className="input w-full" />}
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        {(field) => <input {...field} {...register('email')} type="email" autoComplete="email" className="input w-full" />}
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message}>
        {(field) => (
          <input {...field} {...register('password')} type="password" autoComplete="new-password" className="input w-full" />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Sign Up
      </button>
    </form>
  );
}
