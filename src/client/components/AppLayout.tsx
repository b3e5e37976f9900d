// The frame of every page: skip link, navbar (with the header search and the cart), the notice to
// verify a new account's email, the routed page (lazy, with a spinner and a retry on failure), footer.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SignupVerifyNotice } from '../auth/SignupVerifyNotice';
import { CartLink } from '../cart/CartLink';
import { Footer } from './Footer';
import { HeaderSearch } from './header-search/HeaderSearch';
import { Navbar } from './Navbar';
import { PageLoadBoundary } from './PageLoadBoundary';
import { ScrollToTop } from './ScrollToTop';
import { Spinner } from './Spinner';

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Navbar cart={<CartLink />} search={<HeaderSearch />} />
      <SignupVerifyNotice />
      {/* At least a screen tall, so the footer starts below the fold and never jumps when a lazy page arrives. */}
      <main id="main" className="min-h-screen flex-1">
        <PageLoadBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner label="Loading…" />}>
            <Outlet />
          </Suspense>
        </PageLoadBoundary>
      </main>
      <Footer />
    </div>
  );
}
