// The booking modal opened by Book Now: the part's price and order limits above the booking form,
// in a modal dialog. The form's state and the booking call are useBooking's; what it shows is
// BookingForm's.
import { formatDollars } from '../../../shared/money';
import { useAuth } from '../../auth/useAuth';
import { ModalDialog } from '../ModalDialog';
import { BookingForm } from './BookingForm';
import { useBooking, type BookableTool } from './useBooking';

export function BookingModal({ tool, onClose }: { tool: BookableTool; onClose: () => void }) {
  const { user } = useAuth();
  const booking = useBooking(tool, onClose);
  const customer = { name: user?.displayName ?? user?.email ?? '', email: user?.email ?? '' };

  return (
    <ModalDialog title={`Book ${tool.name}`} onClose={onClose}>
      <p className="mt-1 text-sm text-base-content/70">
        {formatDollars(tool.price)} each · order between {tool.minimumOrderQuantity} and {tool.available}
      </p>
      <BookingForm tool={tool} customer={customer} booking={booking} onClose={onClose} />
    </ModalDialog>
  );
}
