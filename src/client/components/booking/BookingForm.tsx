// The booking form as the customer sees it: the part, their name and email read-only, phone,
// address and quantity, the total, the hold limit they reached if any, and the two ways to book.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/money';
import { FormField } from '../FormField';
import { bookingTotal } from './booking-total';
import type { BookableTool, Booking } from './useBooking';

interface BookingFormProps {
  tool: BookableTool;
  customer: { name: string; email: string };
  booking: Booking;
  onClose: () => void;
}

export function BookingForm({ tool, customer, booking, onClose }: BookingFormProps) {
  const { register, errors, amount, submit, pending, payNow, setPayNow, holdLimit } = booking;
  const fieldId = useId();

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
      <FormField id={`${fieldId}-tool`} label="Part">
        {(field) => <input {...field} className="input w-full bg-base-200" value={tool.name} readOnly />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${fieldId}-name`} label="Name">
          {(field) => <input {...field} className="input w-full bg-base-200" value={customer.name} readOnly />}
        </FormField>
        <FormField id={`${fieldId}-email`} label="Email">
          {(field) => <input {...field} className="input w-full bg-base-200" value={customer.email} readOnly />}
        </FormField>
      </div>
      <FormField id={`${fieldId}-phone`} label="Phone" error={errors.phone?.message}>
        {(field) => <input {...field} {...register('phone')} className="input w-full" type="tel" inputMode="tel" autoComplete="tel" />}
      </FormField>
      <FormField id={`${fieldId}-address`} label="Address" error={errors.address?.message}>
        {(field) => <input {...field} {...register('address')} className="input w-full" type="text" autoComplete="street-address" />}
      </FormField>
      <FormField
        id={`${fieldId}-amount`}
        label="Quantity"
        hint={`Minimum ${tool.minimumOrderQuantity}, available ${tool.available}`}
        error={errors.amount?.message}
      >
        {(field) => (
          <input
            {...field}
            {...register('amount', { valueAsNumber: true })}
            className="input w-full"
            type="number"
            inputMode="numeric"
            min={tool.minimumOrderQuantity}
            max={tool.available}
            step={1}
          />
        )}
      </FormField>

      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3" aria-live="polite">
        <span className="font-medium">Total</span>
        <span className="text-lg font-bold tabular-nums">
          {Number.isInteger(amount) && amount > 0 ? formatDollars(bookingTotal(tool.price, amount)) : '—'}
        </span>
      </p>

      {holdLimit ? (
        <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2">
          <p>{holdLimit}</p>
          <Link to="/dashboard" className="link font-medium" onClick={onClose}>
            Go to My Order
          </Link>
        </div>
      ) : null}

      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary grow sm:grow-0" disabled={pending} onClick={() => setPayNow(false)}>
          {pending && !payNow ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Confirm booking
        </button>
        <button type="submit" className="btn btn-secondary grow sm:grow-0" disabled={pending} onClick={() => setPayNow(true)}>
          {pending && payNow ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Book and pay now
        </button>
      </div>
    </form>
  );
}
