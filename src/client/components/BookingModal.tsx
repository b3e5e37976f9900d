// The booking modal opened by Book Now: the customer's details, phone, address and a quantity within
// the part's limits; "Book and pay now" books and goes straight to the order's payment page. Phone and address start from the ones saved on My Profile; booking never changes
// those (an order sent elsewhere once does not replace them).
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { bookingFormSchema, isBookableQuantity, type BookingFormInput } from '../../shared/bookings';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents, formatDollars } from '../../shared/money';
import { useAuth } from '../auth/useAuth';
import { httpStatusOf } from '../lib/http-status';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { FormField } from './FormField';

type Tool = RouterOutputs['tools']['list']['items'][number];

/** The total for a quantity, computed in cents as the server does. */
function totalFor(tool: Tool, amount: number): number {
  return centsToDollars(dollarsToCents(tool.price) * amount);
}

export function BookingModal({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  /** Which submit button sent the form: "Book and pay now" goes on to the order's payment page. */
  const [payNow, setPayNow] = useState(false);
  const titleId = useId();
  const fieldId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useModalFocus(boxRef, onClose);

  const saved = trpc.users.me.useQuery().data;
  const {
    register,
    handleSubmit,
    control,
    getValues,
    getFieldState,
    resetField,
    formState: { errors },
  } = useForm<BookingFormInput>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { phone: saved?.phone ?? '', address: saved?.address ?? '', amount: tool.minimumOrderQuantity },
  });
  const amount = useWatch({ control, name: 'amount' });
  /** The hold limit the customer reached: it stays in view with the way out, not in a passing toast. */
  const [holdLimit, setHoldLimit] = useState<string | null>(null);

  // The account may answer after the modal opened: its saved details fill only fields not yet typed in.
  useEffect(() => {
    for (const name of ['phone', 'address'] as const) {
      const value = saved?.[name];
      if (value && !getFieldState(name).isDirty) resetField(name, { defaultValue: value });
    }
  }, [saved, getFieldState, resetField]);

  const book = trpc.bookings.create.useMutation({
    onSuccess: (booking) => {
      toast.success(messages.booked);
      void utils.tools.list.invalidate();
      void utils.bookings.mine.invalidate();
      void utils.checkouts.basket.invalidate();
      onClose();
      if (payNow) void navigate(`/dashboard/payment/${booking._id}`);
    },
    onMutate: () => setHoldLimit(null),
    onError: (error) => {
      if (httpStatusOf(error) === 412) {
        setHoldLimit(error.message);
        return;
      }
      toast.error(error.message);
      // Someone else took the stock: show what is left, on the card and here, from the server.
      if (httpStatusOf(error) === 409) void utils.tools.invalidate();
    },
  });

  function refuseQuantityUnlessBookable(quantity: number): boolean {
    if (isBookableQuantity(quantity, tool)) return false;
    toast.error(messages.quantityOutOfRange);
    return true;
  }

  const submit = handleSubmit(
    (values) => {
      if (refuseQuantityUnlessBookable(values.amount)) return;
      book.mutate({
        toolsId: tool._id,
        phone: values.phone,
        address: values.address,
        amount: values.amount,
        price: totalFor(tool, values.amount),
      });
    },
    () => refuseQuantityUnlessBookable(getValues('amount')),
  );

  return createPortal(
    <div className="modal modal-open modal-bottom sm:modal-middle">
      <div ref={boxRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="modal-box max-w-lg">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          Book {tool.name}
        </h2>
        <p className="mt-1 text-sm text-base-content/70">
          {formatDollars(tool.price)} each · order between {tool.minimumOrderQuantity} and {tool.available}
        </p>

        <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
          <FormField id={`${fieldId}-tool`} label="Part">
            {(field) => <input {...field} className="input w-full bg-base-200" value={tool.name} readOnly />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${fieldId}-name`} label="Name">
              {(field) => (
                <input {...field} className="input w-full bg-base-200" value={user?.displayName ?? user?.email ?? ''} readOnly />
              )}
            </FormField>
            <FormField id={`${fieldId}-email`} label="Email">
              {(field) => <input {...field} className="input w-full bg-base-200" value={user?.email ?? ''} readOnly />}
            </FormField>
          </div>
          <FormField id={`${fieldId}-phone`} label="Phone" error={errors.phone?.message}>
            {(field) => (
              <input {...field} {...register('phone')} className="input w-full" type="tel" inputMode="tel" autoComplete="tel" />
            )}
          </FormField>
          <FormField id={`${fieldId}-address`} label="Address" error={errors.address?.message}>
            {(field) => (
              <input {...field} {...register('address')} className="input w-full" type="text" autoComplete="street-address" />
            )}
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
              {Number.isInteger(amount) && amount > 0 ? formatDollars(totalFor(tool, amount)) : '—'}
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
            <button
              type="submit"
              className="btn btn-primary grow sm:grow-0"
              disabled={book.isPending}
              onClick={() => setPayNow(false)}
            >
              {book.isPending && !payNow ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Confirm booking
            </button>
            <button
              type="submit"
              className="btn btn-secondary grow sm:grow-0"
              disabled={book.isPending}
              onClick={() => setPayNow(true)}
            >
              {book.isPending && payNow ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Book and pay now
            </button>
          </div>
        </form>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>,
    document.body,
  );
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into the dialog when it opens (to its first field to fill), gives it back to what
 * had it when the dialog closes, keeps Tab inside the dialog and closes it on Escape. The keys are
 * heard on the whole document: a submit button disabled while its request runs drops the focus to
 * <body>, and the dialog must still answer them afterwards.
 */
function useModalFocus(boxRef: RefObject<HTMLDivElement | null>, onClose: () => void): void {
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    boxRef.current?.querySelector<HTMLElement>('input:not([readonly])')?.focus();
    return () => previouslyFocused?.focus();
  }, [boxRef]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && boxRef.current) {
      keepTabInside(boxRef.current, event);
    }
  });

  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function keepTabInside(box: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !box.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
