// Where an order's pages are in the shop (client/routes.tsx), for links the server writes: the
// public API's answer to a placed order and the order emails.
export function orderPagePath(orderId: string): string {
  return `/orders/${orderId}`;
}

/** The page where the customer pays an unpaid order by card. */
export function orderPaymentPath(orderId: string): string {
  return `/orders/${orderId}/pay`;
}
