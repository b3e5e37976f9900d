// The route table, read top to bottom like SPEC.md §2. Every page loads lazily.
import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router-dom';
import { accountEmailPages } from '../shared/account-links';
import { ByRole } from './auth/ByRole';
import { RequireAdmin } from './auth/RequireAdmin';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './components/AppLayout';
import { lazyPage, type LazyPage } from './lib/lazy-page';

const HomePage = lazyPage(() => import('./pages/home/HomePage'));
const LoginPage = lazyPage(() => import('./pages/login/LoginPage'));
const SignupPage = lazyPage(() => import('./pages/signup/SignupPage'));
const BlogsPage = lazyPage(() => import('./pages/blogs/BlogsPage'));
const PortfolioPage = lazyPage(() => import('./pages/portfolio/PortfolioPage'));
const PartPage = lazyPage(() => import('./pages/part/PartPage'));
const CategoryPage = lazyPage(() => import('./pages/category/CategoryPage'));
const CartPage = lazyPage(() => import('./pages/cart/CartPage'));
const NotFoundPage = lazyPage(() => import('./pages/not-found/NotFoundPage'));
const VerifyEmailPage = lazyPage(() => import('./pages/account-links/VerifyEmailPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/account-links/ResetPasswordPage'));

const DashboardLayout = lazyPage(() => import('./pages/dashboard-shell/DashboardLayout'));
const MyOrders = lazyPage(() => import('./pages/account/MyOrders'));
const AddReview = lazyPage(() => import('./pages/account/AddReview'));
const Payment = lazyPage(() => import('./pages/account/Payment'));
const Receipt = lazyPage(() => import('./pages/account/Receipt'));
const Profile = lazyPage(() => import('./pages/account/Profile'));
const ApiKeys = lazyPage(() => import('./pages/account/ApiKeys'));
const MyPlacedOrders = lazyPage(() => import('./pages/checkout/MyPlacedOrders'));

const CheckoutPage = lazyPage(() => import('./pages/checkout/CheckoutPage'));
const PlacedOrderPage = lazyPage(() => import('./pages/checkout/PlacedOrderPage'));
const OrderPaymentPage = lazyPage(() => import('./pages/checkout/OrderPaymentPage'));
const ThankYouPage = lazyPage(() => import('./pages/checkout/ThankYouPage'));

const AdminWelcome = lazyPage(() => import('./pages/admin/AdminWelcome'));
const Overview = lazyPage(() => import('./pages/admin/Overview'));
const AddProduct = lazyPage(() => import('./pages/admin/AddProduct'));
const ManageOrders = lazyPage(() => import('./pages/admin/ManageOrders'));
const PlacedOrders = lazyPage(() => import('./pages/admin/PlacedOrders'));
const OrderDetail = lazyPage(() => import('./pages/admin/OrderDetail'));
const ManageProducts = lazyPage(() => import('./pages/admin/ManageProducts'));
const EditProduct = lazyPage(() => import('./pages/admin/EditProduct'));
const ManageReviews = lazyPage(() => import('./pages/admin/ManageReviews'));
const MakeAdmin = lazyPage(() => import('./pages/admin/MakeAdmin'));
const AuditLog = lazyPage(() => import('./pages/admin/AuditLog'));
const UndeliveredEmails = lazyPage(() => import('./pages/admin/UndeliveredEmails'));
const Webhooks = lazyPage(() => import('./pages/admin/Webhooks'));
const ShopSettings = lazyPage(() => import('./pages/admin/ShopSettings'));
const TaxRates = lazyPage(() => import('./pages/admin/TaxRates'));
const Shipping = lazyPage(() => import('./pages/admin/Shipping'));
const DiscountCodes = lazyPage(() => import('./pages/admin/DiscountCodes'));
const Categories = lazyPage(() => import('./pages/admin/Categories'));

/**
 * The pages without data that a visitor sees the same way whoever they are: the build prerenders
 * them (prerender.tsx), the server sends that HTML for their paths, and the browser loads their
 * code before its first render so that it replaces the HTML with the same page. Home and the part
 * pages show data, so the server renders them on each request instead (page-render.tsx).
 */
export const prerenderedPages: Readonly<Record<string, LazyPage>> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/blogs': BlogsPage,
  '/portfolio': PortfolioPage,
};

/** Every route, as a constant so that the server-side render can match paths against it too. */
const appRoutes = (
  <Route element={<AppLayout />}>
    <Route index element={<HomePage />} />
    <Route path="home" element={<HomePage />} />
    <Route path="login" element={<LoginPage />} />
    <Route path="signup" element={<SignupPage />} />
    <Route path="blogs" element={<BlogsPage />} />
    <Route path="portfolio" element={<PortfolioPage />} />
    <Route path="parts/:id" element={<PartPage />} />
    <Route path="categories/:slug" element={<CategoryPage />} />
    {/* Public: a visitor's cart lives in their browser until they sign in. */}
    <Route path="cart" element={<CartPage />} />
    {/* Where the shop's verification (/verify-email) and password-reset (/reset-password) emails lead. */}
    <Route path={accountEmailPages.verify_email} element={<VerifyEmailPage />} />
    <Route path={accountEmailPages.password_reset} element={<ResetPasswordPage />} />
    {/* The checkout and the pages of the order it places: signed-in customers only. */}
    <Route
      path="checkout"
      element={
        <RequireAuth>
          <CheckoutPage />
        </RequireAuth>
      }
    />
    <Route
      path="orders/:id"
      element={
        <RequireAuth>
          <PlacedOrderPage />
        </RequireAuth>
      }
    />
    <Route
      path="orders/:id/pay"
      element={
        <RequireAuth>
          <OrderPaymentPage />
        </RequireAuth>
      }
    />
    <Route
      path="orders/:id/thank-you"
      element={
        <RequireAuth>
          <ThankYouPage />
        </RequireAuth>
      }
    />
    <Route
      path="dashboard"
      element={
        <RequireAuth>
          <DashboardLayout />
        </RequireAuth>
      }
    >
      {/* The index is the customer's orders, and an admin's shortcuts to their tools. */}
      <Route index element={<ByRole admin={<AdminWelcome />} customer={<MyOrders />} />} />
      <Route path="addreview" element={<AddReview />} />
      <Route path="payment/:id" element={<Payment />} />
      <Route path="receipt/:id" element={<Receipt />} />
      <Route path="profile" element={<Profile />} />
      <Route path="orders" element={<MyPlacedOrders />} />
      {/* Admins' and business customers' (the server refuses anyone else, saying why). */}
      <Route path="apikeys" element={<ApiKeys />} />
      <Route element={<RequireAdmin />}>
        <Route path="overview" element={<Overview />} />
        <Route path="addproducts" element={<AddProduct />} />
        <Route path="manageorders" element={<ManageOrders />} />
        <Route path="placedorders" element={<PlacedOrders />} />
        <Route path="orders/:id" element={<OrderDetail />} />
        <Route path="manageproducts" element={<ManageProducts />} />
        <Route path="manageproducts/:id/edit" element={<EditProduct />} />
        <Route path="managereviews" element={<ManageReviews />} />
        <Route path="makeadmin" element={<MakeAdmin />} />
        <Route path="auditlog" element={<AuditLog />} />
        <Route path="emails" element={<UndeliveredEmails />} />
        <Route path="webhooks" element={<Webhooks />} />
        <Route path="settings" element={<ShopSettings />} />
        <Route path="taxrates" element={<TaxRates />} />
        <Route path="shipping" element={<Shipping />} />
        <Route path="discountcodes" element={<DiscountCodes />} />
        <Route path="categories" element={<Categories />} />
      </Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}

const routeObjects = createRoutesFromElements(appRoutes);

type RouteMatches = ReturnType<typeof routeMatchesOf>;

/** The routes a path shows, outermost first, as the router matches them; the last one is `*` when no page has the path. */
export function routeMatchesOf(pathname: string) {
  return matchRoutes(routeObjects, pathname) ?? [];
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && 'preload' in type;
}

/** Loads the code of the lazy pages these matches show, so that their first render does not suspend. */
export async function preloadMatchedPages(matches: RouteMatches): Promise<void> {
  const pages = matches.flatMap(({ route }) =>
    isValidElement(route.element) && isLazyPage(route.element.type) ? [route.element.type] : [],
  );
  await Promise.all(pages.map((page) => page.preload()));
}

/** Loads the code of the lazy pages a path shows. */
export function preloadPagesOf(pathname: string): Promise<void> {
  return preloadMatchedPages(routeMatchesOf(pathname));
}
