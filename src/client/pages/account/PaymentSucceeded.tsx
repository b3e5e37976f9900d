// Shown once the card payment went through: the success message and the transaction id (SPEC.md §8);
// and, for an order paid before this visit, that it is paid and with which transaction.
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { TransactionId } from '../dashboard-shell/TransactionId';

export function PaymentSucceeded({ transactionId }: { transactionId: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-lg font-semibold text-success">
        <CircleCheck aria-hidden="true" className="size-6" />
        {messages.paymentSucceeded}
      </p>
      <p className="text-sm">
        Your transaction id: <TransactionId id={transactionId} hasVisibleLabel />
      </p>
      <Link to="/dashboard" className="btn btn-outline btn-sm self-start">
        Back to My Orders
      </Link>
    </div>
  );
}

/** An order paid before this visit: no card form, the message and its transaction id if it has one. */
export function AlreadyPaid({ message, transaction }: { message: string; transaction: string | null }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-lg font-semibold text-success">{message}</p>
      {transaction ? (
        <p className="text-sm">
          Transaction id: <TransactionId id={transaction} hasVisibleLabel />
        </p>
      ) : null}
    </div>
  );
}
