// A paid order's refunds, each with its credit note to download (the timeline shows the parcels
// with their tracking links). The customer and the admins see the same.
import { toast } from 'react-toastify';
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import { downloadPdf } from './download-document';
import { OrderCard } from './OrderCard';

export type AfterSalesView = RouterOutputs['orders']['afterSales'];

const refundLabels: Record<AfterSalesView['refunds'][number]['kind'], string> = {
  line: 'Line refunded',
  shipping: 'Shipping refunded',
  amount: 'Amount refunded',
};

export function AfterSales({ order, afterSales }: { order: PlacedOrder; afterSales: AfterSalesView }) {
  const utils = trpc.useUtils();

  async function download(documentId: string) {
    try {
      downloadPdf(await utils.orders.document.fetch({ id: order._id, documentId }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  if (afterSales.refunds.length === 0) return null;
  return (
    <OrderCard label="Refunds">
      {afterSales.refunds.length > 0 ? (
        <ul aria-label="Refunds" className="flex flex-col gap-2">
          {afterSales.refunds.map((refund) => (
            <li key={refund._id}>
              <span className="font-medium">
                {refundLabels[refund.kind]}
                {refund.line ? `: ${refund.line}` : ''}
              </span>{' '}
              {formatDollars(refund.amount)} (VAT {formatDollars(refund.tax)}){' '}
              <time dateTime={refund.createdAt} className="text-base-content/70">
                {formatDayAndTime(refund.createdAt)}
              </time>
              {refund.creditNote ? (
                <CreditNoteButton note={refund.creditNote} onDownload={(id) => void download(id)} />
              ) : (
                <span className="ml-2 text-base-content/70">waiting for the card provider</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </OrderCard>
  );
}

function CreditNoteButton({ note, onDownload }: { note: { _id: string; number: string }; onDownload: (id: string) => void }) {
  return (
    <button type="button" className="btn btn-link btn-sm" onClick={() => onDownload(note._id)}>
      Credit note {note.number}
    </button>
  );
}
