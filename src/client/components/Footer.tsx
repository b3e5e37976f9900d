// The site footer: who we are, where to find us, quick links and the copyright line.
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { seller } from '../../shared/seller';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold">
            <img src="/images/logo.svg" alt="" width={28} height={28} className="h-7 w-7" loading="lazy" />
            Sprocket
          </p>
          <p className="mt-3 max-w-xs text-sm text-neutral-content/80">
            Precision bicycle parts, machined and assembled in our own works since 2009 and shipped by the batch to bike builders and
            workshops.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">Visit or call</h2>
          <ul className="mt-3 space-y-2 text-sm text-neutral-content/80">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {seller.address}
            </li>
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              {seller.phone}
            </li>
            <li className="flex items-center gap-2">
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
              {seller.email}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/home" className="link link-hover">
                Parts catalogue
              </Link>
            </li>
            <li>
              <Link to="/blogs" className="link link-hover">
                Blogs
              </Link>
            </li>
            <li>
              <Link to="/portfolio" className="link link-hover">
                My Portfolio
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-neutral-content/15 py-5 text-center text-xs text-neutral-content/70">
        © {year} {seller.name} All rights reserved.
      </p>
    </footer>
  );
}
