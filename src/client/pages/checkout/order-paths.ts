// Where each page of a placed order lives, so links and navigations agree.

export function placedOrderPath(id: string): string {
  return `/orders/${id}`;
}

export function orderPaymentPath(id: string): string {
  return `/orders/${id}/pay`;
}

export function thankYouPath(id: string): string {
  return `/orders/${id}/thank-you`;
}
