import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { FeedbackProvider, useFeedback } from "../../components/admin/feedback.tsx";
import { SignOutDialog } from "../../components/admin/recent-passkeys.tsx";
import { onEnquiriesChanged } from "../../components/admin/unread.ts";
import { api, clearToken, getToken, LOGIN_PATH } from "../../lib/admin-api.ts";
import { signOutHere } from "../../lib/admin/sessions.ts";
import { getMe, type Me } from "../../lib/admin/accounts.ts";
import { isSetupRequired } from "../../lib/admin/two-step.ts";
import { useIdentity } from "../../lib/identity.ts";
import { OwnerOnlyScreen } from "../../components/admin/ui.tsx";
import { accountMessages } from "../../../common/schemas/accounts.ts";

const authorScreenRefused = accountMessages.authorScreen;

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

/**
 * The side nav. `ownerOnly`: owners only; `authors`: an author's too (decision 0051: an
 * author sees these and their posts' edit pages, and a typed address of any other screen
 * shows why not). The API refuses the same calls (server/api-types.ts, `rolesOf`).
 */
const navItems = [
  { to: "/admin/dashboard", label: "Dashboard", authors: true },
  { to: "/admin/create", label: "Create Blog", authors: true },
  { to: "/admin/portfolio", label: "Add portfolio video" },
  { to: "/admin/prices", label: "Prices" },
  // After the spec's four entries, which stay together and in its order.
  { to: "/admin/posts", label: "Posts", authors: true },
  { to: "/admin/content", label: "Site content", also: "/admin/settings" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/navigation", label: "Navigation" },
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/pipeline", label: "Pipeline" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/traffic", label: "Traffic" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/redirects", label: "Redirects" },
  { to: "/admin/activity", label: "Activity", ownerOnly: true },
  { to: "/admin/staff", label: "Staff", ownerOnly: true },
  { to: "/admin/identity", label: "Site identity", ownerOnly: true },
  { to: "/admin/mail", label: "Mail", ownerOnly: true },
  { to: "/admin/marketing-tags", label: "Marketing tags", ownerOnly: true },
  { to: "/admin/imports", label: "Import", ownerOnly: true },
  { to: "/admin/account", label: "My account", authors: true },
];

/** The screens an author may open: their nav entries, and a post's edit page. */
const authorMayOpen = (path: string) =>
  path.startsWith("/admin/edit/") ||
  navItems.some((item) => item.authors === true && isCurrent(item, path));

/** What the screens inside the layout get from it (`useOutletContext<AdminContext>()`). */
export interface AdminContext {
  /** The signed-in admin; undefined while /api/auth/me loads or when it failed. */
  me: Me | undefined;
}

/**
 * Whether a nav entry is the current section: its path or below (as NavLink matches), or
 * below its `also` path (Site content covers the settings screens too).
 */
function isCurrent(item: { to: string; also?: string }, path: string): boolean {
  return [item.to, item.also].some(
    (prefix) => prefix !== undefined && (path === prefix || path.startsWith(`${prefix}/`)),
  );
}

const subscribeToNothing = () => () => {};

/** A nav entry on a short window (under 960 px high, beside the page): smaller and closer. */
const shortWindow = "md:[@media(height<960px)]:py-1 md:[@media(height<960px)]:text-sm";

const navButton = `w-full rounded-lg px-3 py-2.5 text-left font-semibold text-brand-100 hover:bg-white/10 hover:text-white disabled:opacity-60 ${shortWindow}`;

/**
 * Ends every session of this admin on the server (other devices too), then this one; the
 * question offers to remove the passkeys added lately (issue 46).
 */
function SignOutEverywhere({ onDone }: { onDone: () => void }) {
  const { notify } = useFeedback();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)} disabled={asking} className={navButton}>
        Sign out everywhere
      </button>
      {asking && (
        <SignOutDialog
          kind="everywhere"
          onClose={() => setAsking(false)}
          onDone={onDone}
          onFailed={(message) => notify(message, "error")}
        />
      )}
    </>
  );
}

/** Where the owners' requirement holds someone without a second step (issue 34). */
const SETUP_PATH = "/admin/second-step";

/** The back office frame: only with a stored token; otherwise to the sign-in page. */
export default function AdminLayout() {
  const identity = useIdentity();
  const navigate = useNavigate();
  const location = useLocation();
  // The token lives in the browser: the server renders the frame as signed out.
  const signedIn = useSyncExternalStore(
    subscribeToNothing,
    () => getToken() !== null,
    () => false,
  );
  const [unread, setUnread] = useState<number | null>(null);
  const [me, setMe] = useState<Me>();
  const [menuAt, setMenuAt] = useState<string | null>(null);
  const menuOpen = menuAt === location.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);

  useEffect(() => {
    if (!getToken()) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    let live = true;
    const count = () =>
      api<{ new: number }>("/contact/summary").then(
        (summary) => live && setUnread(summary.new),
        (problem: unknown) => {
          if (!live) return;
          setUnread(null);
          // The owners require a second step and I have none: nothing else until I add one.
          if (isSetupRequired(problem)) navigate(SETUP_PATH, { replace: true });
        },
      );
    void count();
    const stop = onEnquiriesChanged(() => void count());
    return () => {
      live = false;
      stop();
    };
  }, [navigate, location.pathname]);

  // Who is signed in, once per visit: an editor's nav leaves out the owner-only screens.
  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    getMe().then(
      (answer) => {
        if (!live) return;
        setMe(answer);
        if (answer.setupRequired) navigate(SETUP_PATH, { replace: true });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  // After moving to another page, focus goes to its content (as a page load would start
  // there), not to a link left behind in the navigation or a closed menu.
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = "";
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  // Escape closes the open menu (at 375 px) and returns to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  // The owner-only screens (Activity, Staff) are left out until /auth/me says "owner".
  const author = me?.role === "author";
  const visibleItems = navItems.filter((item) =>
    author ? item.authors === true : !item.ownerOnly || me?.role === "owner",
  );

  // Signing out here ends this session on the server too; after "everywhere" it is gone.
  const logout = () => {
    void signOutHere();
    navigate(LOGIN_PATH, { replace: true });
  };
  const afterEverywhere = () => {
    clearToken();
    navigate(LOGIN_PATH, { replace: true });
  };

  if (!signedIn) {
    return (
      <div className="flex min-h-screen items-center justify-center bg-slate-50 text-muted">
        <p role="status">Loading…</p>
      </div>
    );
  }

  return (
    <FeedbackProvider>
      <a
        href="#admin-main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="min-h-screen bg-slate-50 md:grid md:grid-cols-[16rem_1fr]">
        <aside className="bg-navy text-white">
          <div className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
            <div className="flex items-center justify-between px-5 py-4">
              <Link to="/admin/dashboard" className="text-lg font-extrabold">
                {identity.shortName} <span className="text-accent-soft">Admin</span>
              </Link>
              <button
                ref={menuButton}
                type="button"
                className="rounded-lg px-3 py-2 font-semibold ring-1 ring-white/40 hover:bg-white/10 md:hidden"
                aria-expanded={menuOpen}
                aria-controls="admin-nav"
                onClick={() => setMenuAt(menuOpen ? null : location.pathname)}
              >
                Menu
              </button>
            </div>
            <nav
              id="admin-nav"
              aria-label="Back office"
              className={`${menuOpen ? "block" : "hidden"} px-3 pb-4 [--scroll-cover:var(--color-navy)] md:block md:flex-1 md:scroll-shades md:overflow-y-auto`}
            >
              {/* Closer entries on a short window: every one shows at 1280 × 900. */}
              <ul className="space-y-1 md:[@media(height<960px)]:space-y-0.5">
                {visibleItems.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={isCurrent(item, location.pathname) ? "page" : undefined}
                      className={`flex items-center justify-between rounded-lg px-3 py-2.5 font-semibold ${shortWindow} ${
                        isCurrent(item, location.pathname)
                          ? "bg-white text-navy"
                          : "text-brand-100 hover:bg-white/10 hover:text-white"
                      }`}
                    >
                      {item.label}
                      {item.to === "/admin/enquiries" && unread !== null && unread > 0 && (
                        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-navy">
                          {unread}
                          <span className="sr-only"> unread</span>
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
                <li>
                  <button type="button" onClick={logout} className={navButton}>
                    Logout
                  </button>
                </li>
                <li>
                  <SignOutEverywhere onDone={afterEverywhere} />
                </li>
              </ul>
              <p className="mt-4 border-t border-white/15 px-3 pt-4 text-sm text-brand-100">
                <Link to="/" reloadDocument className="underline hover:text-white">
                  View the site
                </Link>
              </p>
            </nav>
          </div>
        </aside>
        <div className="flex min-h-screen min-w-0 flex-col">
          <main
            id="admin-main"
            ref={main}
            tabIndex={-1}
            className="flex-1 p-4 focus:outline-none md:p-8"
          >
            {author && !authorMayOpen(location.pathname) ? (
              <OwnerOnlyScreen title="Not allowed" message={authorScreenRefused} />
            ) : (
              <Outlet context={{ me } satisfies AdminContext} />
            )}
          </main>
          <footer className="border-t border-slate-200 px-4 py-4 text-sm text-muted md:px-8">
            © {new Date().getFullYear()} {identity.name}. Back office.
          </footer>
        </div>
      </div>
    </FeedbackProvider>
  );
}
