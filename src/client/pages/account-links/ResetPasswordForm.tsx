// The new password of /reset-password, checked with the shared newPasswordSchema (the sign-up
// form's messages). The account's email rides along, read-only, for password managers.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { newPasswordSchema, type NewPasswordInput } from '../../../shared/auth';
import { FormField } from '../../components/FormField';

interface ResetPasswordFormProps {
  email: string;
  onSubmit: (input: NewPasswordInput) => Promise<void>;
}

export function ResetPasswordForm({ email, onSubmit }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema) });

  return (
    <form
      noValidate
      aria-label="Reset password"
      className="flex flex-col gap-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="reset-password" label="New password" error={errors.password?.message}>
        {(field) => (
          <input {...field} {...register('password')} type="password" autoComplete="new-password" className="input w-full" />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Save new password
      </button>
    </form>
  );
}
