// The heading on home that invites visitors to buy by booking parts.
import { ArrowDown } from 'lucide-react';

export function BookingInvitation() {
  return (
    <section className="mx-auto max-w-3xl px-4 pt-14 pb-4 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-primary uppercase">Factory-direct bicycle parts</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">Book the parts your next build needs</h1>
      <p className="mt-4 text-base text-base-content/80 sm:text-lg">
        Pick a part, book it by the batch at factory prices, and pay by card from your dashboard when you are ready.
      </p>
      <a href="#parts" className="btn btn-primary mt-6">
        Browse parts
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </a>
    </section>
  );
}
