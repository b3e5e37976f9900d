// The orders export form on the overview: the first and last day (the shop's calendar), checked in
// the browser with the server's own schema, and Download CSV fetching the file with the session.
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EXPORT_DAYS, orderExportRangeSchema, type OrderExportRange } from '../../../shared/overview';
import { FormField } from '../../components/FormField';
import { downloadFile } from '../../lib/download-file';

interface OrdersExportFormProps {
  /** Today in the shop's time zone: the form starts on this month so far. */
  today: string;
  timeZone: string;
}

export function OrdersExportForm({ today, timeZone }: OrdersExportFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OrderExportRange>({
    resolver: zodResolver(orderExportRangeSchema),
    defaultValues: { from: `${today.slice(0, 8)}01`, to: today },
  });

  async function download(range: OrderExportRange) {
    setFailure(null);
    try {
      await downloadFile(`/admin/orders.csv?${new URLSearchParams(range).toString()}`, 'orders.csv');
    } catch (error) {
      setFailure((error as Error).message);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="orders-export-heading"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
      onSubmit={(event) => void handleSubmit(download)(event)}
    >
      <h2 id="orders-export-heading" className="text-lg font-semibold">
        Export orders
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        Every order placed from the first day to the last, both included ({timeZone} days), as a CSV file.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <FormField id="export-from" label="First day" error={errors.from?.message}>
          {(field) => (
            <input
              {...field}
              {...register('from')}
              type="date"
              min={EXPORT_DAYS.first}
              max={EXPORT_DAYS.last}
              className="input w-full"
            />
          )}
        </FormField>
        <FormField id="export-to" label="Last day" error={errors.to?.message}>
          {(field) => (
            <input
              {...field}
              {...register('to')}
              type="date"
              min={EXPORT_DAYS.first}
              max={EXPORT_DAYS.last}
              className="input w-full"
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary sm:mt-6" disabled={isSubmitting}>
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          Download CSV
        </button>
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
