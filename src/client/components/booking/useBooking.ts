// The booking modal's state and call: the form (phone and address start from the ones saved on My
// Profile; booking never changes those), the quantity rule (the part's minimum order to its
// available stock), and bookings.create with what follows it: a toast, fresh lists, closing, and
// "Book and pay now" going on to the order's payment page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { bookingFormSchema, isBookableQuantity, type BookingFormInput } from '../../../shared/bookings';
import { messages } from '../../../shared/messages';
import { httpStatusOf } from '../../lib/http-status';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { bookingTotal } from './booking-total';

export type BookableTool = RouterOutputs['tools']['list']['items'][number];

export function useBooking(tool: BookableTool, onClose: () => void) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  /** Which submit button sent the form: "Book and pay now" goes on to the order's payment page. */
  const [payNow, setPayNow] = useState(false);
  /** The hold limit the customer reached: it stays in view with the way out, not in a passing toast. */
  const [holdLimit, setHoldLimit] = useState<string | null>(null);

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
      // A part's page shows the stock of the variant just booked.
      void utils.tools.byId.invalidate();
      void utils.bookings.mine.invalidate();
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
        price: bookingTotal(tool.price, values.amount),
      });
    },
    () => refuseQuantityUnlessBookable(getValues('amount')),
  );

  return { register, errors, amount, submit, pending: book.isPending, payNow, setPayNow, holdLimit };
}

export type Booking = ReturnType<typeof useBooking>;
