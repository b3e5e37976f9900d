// The dashboard frame: a sidebar of the entries for the user's role beside the current child page.
// On phones the sidebar is a drawer opened by a menu button; Escape closes it and focus moves in and back.
import { Menu } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../components/Spinner';
import { DashboardSidebar } from './DashboardSidebar';

const sidebarId = 'dashboard-sidebar';

/** Focuses the sidebar's first link (a no-op while the drawer is still hidden by its opening transition). */
function focusFirstSidebarLink(): void {
  document.getElementById(sidebarId)?.querySelector<HTMLElement>('a')?.focus();
}

export default function DashboardLayout() {
  const { role, business } = useAuth();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (sidebarOpen) focusFirstSidebarLink();
  }, [sidebarOpen]);

  function closeSidebar() {
    setSidebarOpen(false);
    menuButtonRef.current?.focus();
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && sidebarOpen) closeSidebar();
  }

  return (
    <div className="drawer min-h-[calc(100dvh-4rem)] lg:drawer-open" onKeyDown={closeOnEscape}>
      {/* daisyUI's drawer opens from this hidden checkbox's state; the menu button drives it. */}
      <input
        type="checkbox"
        className="drawer-toggle"
        checked={sidebarOpen}
        onChange={(event) => setSidebarOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content">
        <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-base-300 bg-base-100 px-4 py-2 lg:hidden print:hidden">
          <button
            ref={menuButtonRef}
            type="button"
            className="btn btn-ghost btn-sm gap-2"
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen(true)}
          >
            <Menu aria-hidden="true" className="size-5" />
            Dashboard menu
          </button>
        </div>
        <div className="mx-auto w-full max-w-6xl p-4 sm:p-6 lg:p-10">
          {/* The child pages load lazily; the sidebar stays while one does. */}
          <Suspense fallback={<Spinner label="Loading…" />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
      <div
        className="drawer-side z-40 lg:h-auto lg:min-h-full print:hidden"
        onTransitionEnd={() => {
          if (sidebarOpen && !document.getElementById(sidebarId)?.contains(document.activeElement)) focusFirstSidebarLink();
        }}
      >
        <div className="drawer-overlay" aria-hidden="true" onClick={closeSidebar} />
        <DashboardSidebar id={sidebarId} role={role} business={business ?? false} onNavigate={closeSidebar} />
      </div>
    </div>
  );
}
